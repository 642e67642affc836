import { CATALOG_CATEGORY_SLUGS } from '@townworks/contract/constants'
import { lazy, Suspense } from 'react'
import { useTranslation } from 'react-i18next'
import { Link } from '../../../lib/router'
import './catalog.css'

// The drawings are decorative and arrive just after the names: the home page's first paint carries
// the names only (its 110 kB budget), and each tile keeps the drawing's room so nothing moves.
const CategoryIcon = lazy(() => import('./category-icon').then((m) => ({ default: m.CategoryIcon })))

/** The address that shows one category's cards: /imdDisplay?category=plumbing (Back returns). */
export const categoryPath = (slug: string) => `/imdDisplay?category=${encodeURIComponent(slug)}`

/**
 * The catalog's categories as tiles, each a link to its cards, in the reader's language: a labelled
 * navigation, not a list (the seed's screen is a list of 24 cards). Plain elements and the names
 * from common.json: the home page's first screen draws them with no more than its own code.
 */
export function CategoryTiles({ labelledBy }: { labelledBy: string }) {
  const { t } = useTranslation('common')
  return (
    <nav className="catalog-tiles" aria-labelledby={labelledBy}>
      {CATALOG_CATEGORY_SLUGS.map((slug) => (
        <Link key={slug} className="catalog-tile" to={categoryPath(slug)}>
          <span className="catalog-tile__art">
            <Suspense fallback={null}>
              <CategoryIcon slug={slug} size={32} />
            </Suspense>
          </span>
          <span className="catalog-tile__name">{t(`categories.${slug}`)}</span>
        </Link>
      ))}
    </nav>
  )
}
