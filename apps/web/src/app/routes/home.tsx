import { lazy, Suspense } from 'react'
import { useTranslation } from 'react-i18next'
import { SearchForm } from '../../features/requests/components/search-form'
import { i18n } from '../../lib/i18n'
import { loadWithTimeout } from '../../lib/lazy-with-timeout'
import { Screen } from '../screen'

// Under the search box: the categories, the way on, how it works, why choose TownWorks. Fetched
// with its texts (homeMore.json) as soon as this module runs, in parallel with the first paint: the
// home page's first load (its 110 kB budget, which the shell nearly fills) carries only the search.
const more = Promise.all([loadWithTimeout(() => import('../home-more')), i18n.loadNamespaces('homeMore')]).then(
  ([m]) => m,
)
const HomeMore = lazy(() => more)

/** Home (/): the first screen finds the service: a search that opens the catalog at its results, then the categories. */
export function Component() {
  const { t } = useTranslation('home')
  return (
    <Screen id="home" lead={t('lead')}>
      <SearchForm label={t('search.label')} placeholder={t('search.placeholder')} submit={t('search.submit')} />
      <Suspense fallback={<div className="catalog-tiles-room" />}>
        <HomeMore />
      </Suspense>
    </Screen>
  )
}
