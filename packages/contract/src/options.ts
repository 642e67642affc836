import { z } from 'zod'

/** Towns TownWorks serves, in the seed's order; the values are the wire values. */
export const TOWNS = ['Armoor', 'Nizamabad', 'Nirmal'] as const
export const TownSchema = z.enum(TOWNS)
export type Town = z.infer<typeof TownSchema>

/** The seed's 11 services, spelled exactly as the seed's option list (including "Morter"). */
export const SERVICES = [
  'Plumber',
  'Electrician',
  'Painter',
  'Brick Worker',
  'Home Services',
  'Sand Services',
  'Morter Services',
  'Delivery Services',
  'Brick Services',
  'Construction Workers',
  'Construction Tools and Equipment',
] as const
export const ServiceSchema = z.enum(SERVICES)
export type Service = z.infer<typeof ServiceSchema>

export const CatalogCardSchema = z.object({
  slug: z.string(),
  title: z.string(),
  service: ServiceSchema,
})
export type CatalogCard = z.infer<typeof CatalogCardSchema>

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
  { slug: 'carpenter', title: 'Carpenter', service: 'Home Services' },
  { slug: 'steel-material', title: 'Steel Material', service: 'Construction Tools and Equipment' },
  { slug: 'cement-services', title: 'Cement Services', service: 'Morter Services' },
  { slug: 'welding-services', title: 'Welding Services', service: 'Construction Workers' },
  { slug: 'painting-services', title: 'Painting Services', service: 'Painter' },
  { slug: 'forklift-services', title: 'ForkLift Services', service: 'Construction Tools and Equipment' },
  { slug: 'cleaning-services', title: 'Cleaning Services', service: 'Home Services' },
  { slug: 'cleaning-tools', title: 'Cleaning Tools', service: 'Home Services' },
  { slug: 'mortar-mixing', title: 'Mortar Mixing', service: 'Morter Services' },
  { slug: 'fly-ash-bricks', title: 'Fly Ash Bricks', service: 'Brick Services' },
  { slug: 'house-wiring', title: 'House Wiring', service: 'Electrician' },
] as const satisfies readonly CatalogCard[]

/** User roles; a visitor is anyone without a session. */
export const ROLES = ['customer', 'worker', 'operator', 'admin'] as const
export const RoleSchema = z.enum(ROLES)
export type Role = z.infer<typeof RoleSchema>

/** Languages of the user interface and of notifications. */
export const LANGUAGES = ['en', 'te', 'hi'] as const
export const LanguageSchema = z.enum(LANGUAGES)
export type Language = z.infer<typeof LanguageSchema>
