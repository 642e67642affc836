import { CATALOG_CARDS } from '@townworks/contract/constants'
import { lazy, Suspense, useDeferredValue, useId, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { loadWithTimeout } from '../../../lib/lazy-with-timeout'
import { ServiceIllustration } from './service-illustration'
import type * as RequestFormModule from './service-request-form'
import type { ServiceRequestPick } from './service-request-form'
import './requests.css'
import { useNames } from '../../../lib/names'

/** Cards whose title contains the query, ignoring case (the seed's search). */
export function filterCards(query: string) {
  const q = query.trim().toLowerCase()
  return q ? CATALOG_CARDS.filter((c) => c.title.toLowerCase().includes(q)) : CATALOG_CARDS
}

// The request form (Mantine, react-hook-form, zod) is not part of the catalog's first paint: it is
// fetched when a pointer, a finger or the keyboard reaches the catalog, and at the latest on a click.
let formModule: Promise<typeof RequestFormModule> | undefined
export function preloadRequestForm() {
  formModule ??= loadWithTimeout(() => import('./service-request-form'))
  return formModule
}
const ServiceRequestForm = lazy(preloadRequestForm)

/**
 * The 24 services with a search box; a card opens the request form with its service chosen.
 * Plain elements and CSS: the first screen of /imdDisplay paints without a UI library.
 */
export function ServiceCatalog() {
  const { t } = useTranslation('requests')
  const names = useNames()
  const [query, setQuery] = useState('')
  const deferred = useDeferredValue(query)
  const cards = filterCards(deferred)
  const [pick, setPick] = useState<ServiceRequestPick | null>(null)
  const [opened, setOpened] = useState(false)
  const searchId = useId()
  const searchRef = useRef<HTMLInputElement>(null)
  const warm = () => void preloadRequestForm().catch(() => undefined)

  return (
    <div className="requests-catalog" onPointerOver={warm} onTouchStart={warm} onFocus={warm}>
      <div className="requests-catalog__search">
        <label className="requests-catalog__label" htmlFor={searchId}>
          {t('catalog.searchLabel')}
        </label>
        <div className="requests-catalog__field">
          <input
            ref={searchRef}
            id={searchId}
            className="requests-catalog__input"
            type="search"
            placeholder={t('catalog.searchPlaceholder')}
            value={query}
            onChange={(e) => setQuery(e.currentTarget.value)}
          />
          {query ? (
            <button
              type="button"
              className="requests-catalog__clear"
              aria-label={t('catalog.clear')}
              onClick={() => {
                setQuery('')
                searchRef.current?.focus()
              }}
            >
              <svg width="16" height="16" viewBox="0 0 16 16" aria-hidden="true" focusable="false">
                <path d="M4 4l8 8M12 4l-8 8" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
              </svg>
            </button>
          ) : null}
        </div>
      </div>
      <p className="requests-catalog__count" role="status" aria-live="polite">
        {cards.length === 0
          ? t('catalog.empty', { query: deferred.trim() })
          : t('catalog.count', { count: cards.length })}
      </p>
      <ul className="requests-catalog__grid">
        {cards.map((card) => (
          <li key={card.slug}>
            <button
              type="button"
              className="requests-card"
              aria-label={t('catalog.cardLabel', { title: card.title, service: names.service(card.service) })}
              onClick={() => {
                setPick({ service: card.service })
                setOpened(true)
              }}
            >
              <span className="requests-card__art">
                <ServiceIllustration slug={card.slug} />
              </span>
              <span className="requests-card__title">{card.title}</span>
              <span className="requests-card__service">
                {t('catalog.books', { service: names.service(card.service) })}
              </span>
            </button>
          </li>
        ))}
      </ul>
      {pick ? (
        <Suspense
          fallback={
            <p className="requests-catalog__opening" role="status">
              {t('catalog.opening')}
            </p>
          }
        >
          <ServiceRequestForm pick={pick} opened={opened} onClose={() => setOpened(false)} />
        </Suspense>
      ) : null}
    </div>
  )
}
