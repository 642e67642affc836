import { CATALOG_CATEGORIES } from '@townworks/contract/constants'
import { useNames } from '../../../lib/names'
import { Link } from '../../../lib/router'
import { CategoryIcon } from './category-icon'
import './catalog.css'

/** The address that shows one category's cards: /imdDisplay?category=plumbing (Back returns). */
export const categoryPath = (slug: string) => `/imdDisplay?category=${encodeURIComponent(slug)}`

/**
 * The catalog's categories as tiles, each a link to its cards, in the reader's language: a labelled
 * navigation, not a list (the seed's screen is a list of 24 cards). Plain elements and the names
 * from common.json: the home page's first screen draws them with no more than its own code.
 */
export function CategoryTiles({ labelledBy }: { labelledBy: string }) {
  const names = useNames()
  return (
    <nav className="catalog-tiles" aria-labelledby={labelledBy}>
      {CATALOG_CATEGORIES.map((category) => (
        <Link key={category.slug} className="catalog-tile" to={categoryPath(category.slug)}>
          <span className="catalog-tile__art">
            <CategoryIcon slug={category.slug} size={32} />
          </span>
          <span className="catalog-tile__name">{names.category(category.slug)}</span>
        </Link>
      ))}
    </nav>
  )
}
