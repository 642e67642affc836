import { CATALOG_CARDS, type CatalogCardSlug } from '@townworks/contract/catalog'
import { useEffect, useMemo, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { readNamespacesInEveryLanguage } from '../../../lib/i18n-every-language'
import { loadWithTimeout } from '../../../lib/lazy-with-timeout'
import { useNames } from '../../../lib/names'
import type { SearchResources } from '../model/service-search'

type Search = (query: string) => CatalogCardSlug[]

// The search (uFuzzy and every language's names and synonyms, ≈ 12 kB gzip) arrives after the
// catalog has painted: when the search box is first reached, or at once when the address has ?q=.
let ready: Promise<Search> | undefined
export function loadCatalogSearch(): Promise<Search> {
  ready ??= Promise.all([
    loadWithTimeout(() => import('../model/service-search')),
    readNamespacesInEveryLanguage(['common', 'catalog']),
  ]).then(([search, resources]) =>
    search.createServiceSearch(search.catalogSearchDocs(resources as Record<string, SearchResources>)),
  )
  ready.catch(() => {
    ready = undefined
  })
  return ready
}

export interface CatalogSearch {
  /** The cards to show for the query, best first; every card for an empty query. */
  slugs: readonly CatalogCardSlug[]
  /** True while the full search is still on its way and the plain title filter answers meanwhile. */
  searching: boolean
  /** The full search could not be loaded: the plain title filter answers. */
  failed: boolean
}

const ALL = CATALOG_CARDS.map((card) => card.slug)

/**
 * The cards matching `query`. Until the full search has arrived (and if it never does), cards are
 * filtered as the seed did: the query inside a title (English, or in the reader's language) or the
 * name of the service it books.
 */
export function useCatalogSearch(query: string): CatalogSearch {
  const { t } = useTranslation('catalog')
  const names = useNames()
  const [search, setSearch] = useState<Search | null>(null)
  const [failed, setFailed] = useState(false)
  const wanted = query.trim() !== ''

  useEffect(() => {
    if (!wanted || search) return
    let live = true
    loadCatalogSearch().then(
      (loaded) => live && setSearch(() => loaded),
      () => live && setFailed(true),
    )
    return () => {
      live = false
    }
  }, [wanted, search])

  return useMemo(() => {
    if (!wanted) return { slugs: ALL, searching: false, failed }
    if (search) return { slugs: search(query), searching: false, failed: false }
    const q = query.trim().toLowerCase()
    const slugs = CATALOG_CARDS.filter((card) =>
      [card.title, t(`cards.${card.slug}.title`), names.service(card.service)].some((text) =>
        text.toLowerCase().includes(q),
      ),
    ).map((card) => card.slug)
    return { slugs, searching: !failed, failed }
  }, [wanted, search, query, failed, t, names])
}
