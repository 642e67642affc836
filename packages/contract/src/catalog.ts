// The catalog of /imdDisplay: its 24 cards and their categories. Zod-free, and apart from
// constants.ts so that the web app's first load (which reads constants.ts) does not carry the cards:
// import it as '@townworks/contract/catalog' where the cards are shown.
import type { CatalogCategorySlug, InitialService } from './constants'

/** The 24 catalog cards of /imdDisplay: the earlier app's 21 titles and three that complete the set. */
export const CATALOG_CARDS = [
  { slug: 'home-repairs', title: 'Home Repairs', service: 'Home Services' },
  { slug: 'brick-workers', title: 'Brick Workers', service: 'Brick Worker' },
  { slug: 'construction-workers', title: 'Construction Workers', service: 'Construction Workers' },
  {
    slug: 'construction-tools-supplies',
    title: 'Construction Tools Supplies',
    service: 'Construction Tools and Equipment',
  },
  { slug: 'plumbing-services', title: 'Plumbing Services', service: 'Plumber' },
  { slug: 'plumbing', title: 'Plumbing', service: 'Plumber' },
  { slug: 'sand-services', title: 'Sand Services', service: 'Sand Services' },
  { slug: 'red-brick-service', title: 'Red Brick Service', service: 'Brick Services' },
  { slug: 'wall-painter', title: 'Wall Painter', service: 'Painter' },
  { slug: 'premium-painting-service', title: 'Premium Painting Service', service: 'Painter' },
  { slug: 'electrician', title: 'Electrician', service: 'Electrician' },
  {
    slug: 'essential-electrician-tools',
    title: 'Essential Electrician Tools',
    service: 'Construction Tools and Equipment',
  },
  { slug: 'delivery-services', title: 'Delivery Services', service: 'Delivery Services' },
  { slug: 'carpenter', title: 'Carpenter', service: 'Carpenter' },
  { slug: 'steel-material', title: 'Steel Material', service: 'Steel Services' },
  { slug: 'cement-services', title: 'Cement Services', service: 'Morter Services' },
  { slug: 'welding-services', title: 'Welding Services', service: 'Welding Services' },
  { slug: 'painting-services', title: 'Painting Services', service: 'Painter' },
  { slug: 'forklift-services', title: 'ForkLift Services', service: 'Construction Tools and Equipment' },
  { slug: 'cleaning-services', title: 'Cleaning Services', service: 'Cleaning Services' },
  { slug: 'cleaning-tools', title: 'Cleaning Tools', service: 'Cleaning Services' },
  { slug: 'mortar-mixing', title: 'Mortar Mixing', service: 'Morter Services' },
  { slug: 'fly-ash-bricks', title: 'Fly Ash Bricks', service: 'Brick Services' },
  { slug: 'house-wiring', title: 'House Wiring', service: 'Electrician' },
] as const satisfies readonly { slug: string; title: string; service: InitialService }[]
export type CatalogCardSlug = (typeof CATALOG_CARDS)[number]['slug']

/**
 * The cards of each category (CATALOG_CATEGORY_SLUGS, in that order). A card may sit in more than
 * one (electrician's tools are both electrical work and tools); every card sits in at least one.
 */
export const CATALOG_CATEGORIES = [
  { slug: 'plumbing', cards: ['plumbing-services', 'plumbing'] },
  { slug: 'electrical', cards: ['electrician', 'house-wiring', 'essential-electrician-tools'] },
  { slug: 'painting', cards: ['wall-painter', 'premium-painting-service', 'painting-services'] },
  { slug: 'masonry', cards: ['brick-workers', 'construction-workers'] },
  { slug: 'home-repairs', cards: ['home-repairs', 'carpenter', 'welding-services'] },
  { slug: 'sand-cement', cards: ['sand-services', 'cement-services', 'mortar-mixing', 'steel-material'] },
  { slug: 'bricks', cards: ['red-brick-service', 'fly-ash-bricks'] },
  {
    slug: 'tools',
    cards: ['construction-tools-supplies', 'forklift-services', 'essential-electrician-tools', 'cleaning-tools'],
  },
  { slug: 'delivery', cards: ['delivery-services', 'forklift-services'] },
  { slug: 'cleaning', cards: ['cleaning-services', 'cleaning-tools'] },
] as const satisfies readonly { slug: CatalogCategorySlug; cards: readonly CatalogCardSlug[] }[]
export type CatalogCategory = (typeof CATALOG_CATEGORIES)[number]
