import {
  CATALOG_CARDS,
  CATALOG_CATEGORIES,
  type CatalogCardSlug,
  type CatalogCategory,
} from '@townworks/contract/catalog'
import type { ServiceRow } from '@townworks/contract'
import { lazy, Suspense, useDeferredValue, useEffect, useId, useMemo, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useNames, useReferenceRows } from '../../../lib/names'
import { Link, useSearchParams } from '../../../lib/router'
import { CategoryTiles } from './category-tiles'
import { REOPEN_PARAM } from '../model/queued-hint'
import { useKnownTown, usePriceRange } from '../model/price-range'
import { QueuedRequestsHost } from './queued-requests-host'
import { RequestFormHost, warmRequestForm, type ServiceRequestPick } from './request-form-host'
import { ServiceIllustration } from './service-illustration'
import { loadCatalogSearch, useCatalogSearch } from './use-catalog-search'
import './catalog.css'
import './requests.css'

// A card's "about ₹X–₹Y" (decision 063) and its formatter come with the ranges, after the cards paint.
const loadCardRange = () => import('./range-text').then((m) => ({ default: m.CardRange }))
const CardRange = lazy(loadCardRange)

const BY_SLUG = new Map(CATALOG_CARDS.map((card) => [card.slug as CatalogCardSlug, card]))
const CARD_SERVICES = new Set<string>(CATALOG_CARDS.map((card) => card.service))

/** Lower case, one kind of space, composed: how a typed search and a name are compared. */
const folded = (text: string) => text.normalize('NFC').toLocaleLowerCase().replace(/\s+/g, ' ').trim()

/**
 * The services an admin added since the 24 cards (decision 048): active rows that no card books and
 * some active town offers, in list order; while searching, those whose name in any of the three
 * languages holds what was typed.
 */
function useAddedServices(query: string): { all: readonly ServiceRow[]; shown: readonly ServiceRow[] } {
  const rows = useReferenceRows()
  useEffect(() => {
    // After the first paint, and without the page waiting: without the rows the 24 cards stay.
    void import('../../../lib/shared-api/reference-rows').then((m) => m.loadReferenceRows()).catch(() => undefined)
  }, [])
  const all = useMemo(() => {
    // Only what can be booked: a service some active town offers.
    const offered = new Set((rows?.towns ?? []).filter((town) => town.active).flatMap((town) => town.services))
    return (rows?.services ?? []).filter((row) => row.active && !CARD_SERVICES.has(row.name) && offered.has(row.name))
  }, [rows])
  const typed = folded(query)
  const shown = typed
    ? all.filter((row) => [row.name, row.name_te, row.name_hi].some((name) => name && folded(name).includes(typed)))
    : all
  return { all, shown }
}

/** The category named in the address (?category=plumbing), if it is one of ours. */
function categoryOf(slug: string | null): CatalogCategory | undefined {
  return CATALOG_CATEGORIES.find((c) => c.slug === slug)
}

/**
 * The address's search (?q=) and category (?category=), and the text in the search box. Typing
 * replaces the address (no history entry per letter) and leaves the category: a search looks
 * through every card. Back and forward bring the box's text along.
 */
function useCatalogAddress() {
  const [params, setParams] = useSearchParams()
  const inAddress = params.get('q') ?? ''
  const [query, setQuery] = useState(inAddress)
  // Back or forward changed the address: the box shows its search (adjusted while rendering).
  const [seen, setSeen] = useState(inAddress)
  if (seen !== inAddress) {
    setSeen(inAddress)
    setQuery(inAddress)
  }
  const type = (value: string) => {
    setQuery(value)
    setParams(
      (current) => {
        const next = new URLSearchParams(current)
        if (value) next.set('q', value)
        else next.delete('q')
        next.delete('category')
        return next
      },
      { replace: true },
    )
  }
  /** A refused request sent back from home or My requests (?again=Plumber): its form opens once, then the address forgets it. */
  const again = params.get(REOPEN_PARAM)
  const forgetAgain = () =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current)
        next.delete(REOPEN_PARAM)
        return next
      },
      { replace: true },
    )
  return { query, type, category: categoryOf(params.get('category')), again, forgetAgain }
}

/**
 * The catalog: a search box that finds a service in any script, the categories, and the cards (all
 * 24, a category's, or the search's); a card opens the request form with its service chosen. Plain
 * elements and CSS: the first screen of /imdDisplay paints without a UI library.
 */
export function ServiceCatalog() {
  const { t } = useTranslation(['requests', 'catalog'])
  const names = useNames()
  const { query, type, category, again, forgetAgain } = useCatalogAddress()
  const deferred = useDeferredValue(query)
  const search = useCatalogSearch(deferred)
  const searching = deferred.trim() !== ''
  const slugs: readonly CatalogCardSlug[] = searching ? search.slugs : (category?.cards ?? search.slugs)
  const added = useAddedServices(searching ? deferred : '')
  // A category lists its own cards; added services have no category of ours yet, so "all" and a search show them.
  const addedShown = category && !searching ? [] : added.shown
  const shownCount = slugs.length + addedShown.length
  const [pick, setPick] = useState<ServiceRequestPick | null>(null)
  const [opened, setOpened] = useState(false)
  const searchId = useId()
  const tilesId = useId()
  const cardsId = useId()
  const searchRef = useRef<HTMLInputElement>(null)
  // The customer's town (the last chosen in the request form): each card says "about ₹X–₹Y" there.
  const town = useKnownTown()
  useEffect(() => {
    // After the first paint, only once a town is known; without them the cards show no range.
    if (!town) return
    void loadCardRange().catch(() => undefined)
    void import('../api/price-ranges').then((m) => m.loadPriceRanges()).catch(() => undefined)
  }, [town])

  const choose = (service: ServiceRequestPick['service']) => {
    setPick({ service })
    setOpened(true)
  }
  // A refused request to change (issue 23): its values are the draft; the form opens with them, once
  // (adjusted while rendering), and the address forgets it.
  const [opening, setOpening] = useState<string | null>(null)
  if (again && again !== opening) {
    setOpening(again)
    choose(again)
  }
  useEffect(() => {
    if (again) forgetAgain()
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once per address
  }, [again])

  const heading = searching
    ? t('catalog:results', { query: deferred.trim() })
    : category
      ? names.category(category.slug)
      : t('catalog:allServices')
  const status =
    shownCount > 0
      ? t('requests:catalog.count', { count: shownCount })
      : search.searching
        ? t('catalog:searching')
        : t('requests:catalog.empty', { query: deferred.trim() })

  return (
    <div className="requests-catalog" onPointerOver={warmRequestForm} onTouchStart={warmRequestForm}>
      <QueuedRequestsHost onReopen={choose} />
      <div className="requests-catalog__search" role="search">
        <label className="requests-catalog__label" htmlFor={searchId}>
          {t('requests:catalog.searchLabel')}
        </label>
        <div className="requests-catalog__field">
          <input
            ref={searchRef}
            id={searchId}
            className="requests-catalog__input"
            type="search"
            placeholder={t('requests:catalog.searchPlaceholder')}
            value={query}
            onChange={(e) => type(e.currentTarget.value)}
            onFocus={() => {
              warmRequestForm()
              void loadCatalogSearch().catch(() => undefined)
            }}
          />
          {query ? (
            <button
              type="button"
              className="requests-catalog__clear"
              aria-label={t('requests:catalog.clear')}
              onClick={() => {
                type('')
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

      {!searching && !category ? (
        <section className="catalog-section" aria-labelledby={tilesId}>
          <h2 id={tilesId} className="catalog-section__title">
            {t('catalog:categoriesTitle')}
          </h2>
          <CategoryTiles labelledBy={tilesId} />
        </section>
      ) : null}

      <section className="catalog-section" aria-labelledby={cardsId}>
        <h2 id={cardsId} className="catalog-section__title">
          {heading}
        </h2>
        {category && !searching ? (
          <p className="catalog-section__back">
            <Link to="/imdDisplay">{t('catalog:showAll', { count: CATALOG_CARDS.length + added.all.length })}</Link>
          </p>
        ) : null}
        <p className="requests-catalog__count" role="status" aria-live="polite">
          {status}
        </p>
        {search.failed && searching ? <p className="catalog-section__note">{t('catalog:searchFailed')}</p> : null}
        {shownCount > 0 ? (
          <ul className="requests-catalog__grid">
            {slugs.map((slug) => (
              <li key={slug}>
                <CatalogCardButton slug={slug} town={town} onPick={choose} />
              </li>
            ))}
            {addedShown.map((row) => (
              <li key={`added-${row.id}`}>
                <AddedServiceButton row={row} town={town} onPick={choose} />
              </li>
            ))}
          </ul>
        ) : null}
      </section>
      <RequestFormHost pick={pick} opened={opened} onClose={() => setOpened(false)} />
    </div>
  )
}

/** One card: its drawing, its title and what it covers, in the reader's language. */
function CatalogCardButton({
  slug,
  town,
  onPick,
}: {
  slug: CatalogCardSlug
  town: string
  onPick: (service: ServiceRequestPick['service']) => void
}) {
  const { t } = useTranslation(['requests', 'catalog'])
  const names = useNames()
  const card = BY_SLUG.get(slug)!
  const title = t(`catalog:cards.${slug}.title`, { defaultValue: card.title })
  const rangeId = useId()
  const range = usePriceRange(card.service, town)
  return (
    <button
      type="button"
      className="requests-card"
      aria-label={t('requests:catalog.cardLabel', { title, service: names.service(card.service) })}
      aria-describedby={range ? rangeId : undefined}
      onClick={() => onPick(card.service)}
    >
      <span className="requests-card__art">
        <ServiceIllustration slug={slug} />
      </span>
      <span className="requests-card__title">{title}</span>
      <span className="requests-card__service">{t(`catalog:cards.${slug}.description`)}</span>
      {range ? (
        <Suspense fallback={null}>
          <CardRange id={rangeId} range={range} town={town} />
        </Suspense>
      ) : null}
    </button>
  )
}

/**
 * A card for a service an admin added (decision 048): the picture they uploaded (else a generic
 * drawing), its name in the reader's language, and what booking it does.
 */
function AddedServiceButton({
  row,
  town,
  onPick,
}: {
  row: ServiceRow
  town: string
  onPick: (service: ServiceRequestPick['service']) => void
}) {
  const { t } = useTranslation(['requests', 'catalog'])
  const names = useNames()
  const title = names.service(row.name)
  const rangeId = useId()
  const range = usePriceRange(row.name, town)
  return (
    <button
      type="button"
      className="requests-card"
      aria-label={t('requests:catalog.cardLabel', { title, service: title })}
      aria-describedby={range ? rangeId : undefined}
      onClick={() => onPick(row.name)}
    >
      <span className="requests-card__art">
        {/* The API's address for it (same origin as the app: npm start, decision 048). */}
        {row.picture_url ? (
          <img
            className="requests-card__picture"
            src={row.picture_url}
            alt=""
            width={56}
            height={56}
            loading="lazy"
            decoding="async"
          />
        ) : (
          <ServiceIllustration slug={`added-${row.id}`} />
        )}
      </span>
      <span className="requests-card__title">{title}</span>
      <span className="requests-card__service">{t('catalog:added.description')}</span>
      {range ? (
        <Suspense fallback={null}>
          <CardRange id={rangeId} range={range} town={town} />
        </Suspense>
      ) : null}
    </button>
  )
}
