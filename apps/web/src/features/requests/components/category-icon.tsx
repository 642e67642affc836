import type { CatalogCategorySlug } from '@townworks/contract/constants'
import type { ReactNode } from 'react'
import { bag, broom, bulb, house, redBrick, roller, tap, toolbox, truck, worker, LineDrawing } from './drawings'

const ICONS: Record<CatalogCategorySlug, ReactNode> = {
  plumbing: tap,
  electrical: bulb,
  painting: roller,
  masonry: worker,
  'home-repairs': house,
  'sand-cement': bag,
  bricks: redBrick,
  tools: toolbox,
  delivery: truck,
  cleaning: broom,
}

/** A category's drawing (the same line drawings as the cards); decorative beside its name. */
export function CategoryIcon({ slug, size = 40 }: { slug: CatalogCategorySlug; size?: number }) {
  return (
    <LineDrawing size={size} name={slug}>
      {ICONS[slug]}
    </LineDrawing>
  )
}
