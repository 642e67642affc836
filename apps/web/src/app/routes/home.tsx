import { lazy, Suspense, useId } from 'react'
import { useTranslation } from 'react-i18next'
import { CategoryTiles } from '../../features/requests/components/category-tiles'
import { SearchForm } from '../../features/requests/components/search-form'
import { i18n } from '../../lib/i18n'
import { loadWithTimeout } from '../../lib/lazy-with-timeout'
import { Screen } from '../screen'

// Below the first screen, fetched with its texts (homeMore.json) as soon as the first screen has
// painted (the home page's first load stays within its 110 kB budget): the way on, how it works,
// why choose TownWorks.
const HomeMore = lazy(() =>
  Promise.all([loadWithTimeout(() => import('../home-more')), i18n.loadNamespaces('homeMore')]).then(([m]) => m),
)

/** Home (/): the first screen finds the service (a search that opens the catalog at its results, and the categories). */
export function Component() {
  const { t } = useTranslation('home')
  const tilesId = useId()
  return (
    <Screen id="home" lead={t('lead')}>
      <SearchForm label={t('search.label')} placeholder={t('search.placeholder')} submit={t('search.submit')} />
      <section className="catalog-section" aria-labelledby={tilesId}>
        <h2 id={tilesId} className="catalog-section__title">
          {t('categories.title')}
        </h2>
        <CategoryTiles labelledBy={tilesId} />
      </section>
      <Suspense fallback={null}>
        <HomeMore />
      </Suspense>
    </Screen>
  )
}
