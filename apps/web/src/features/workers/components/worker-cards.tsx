import { type Service } from '@townworks/contract/constants'
import { placeName } from '@townworks/contract/places'
import type { SkilledWorker } from '@townworks/contract'
import { useId } from 'react'
import { useTranslation } from 'react-i18next'
import { formatMoney } from '../../../lib/format'
import { useNames } from '../../../lib/names'
import { useSearchParams } from '../../../lib/router'

/** A worker chosen to book, with the trade the request will name (the worker's first). */
export type BookWorker = (worker: { id: number; name: string }, service: Service) => void

/** How the cards are ordered: by name (the list's own order) or the best rated first. */
type CardOrder = 'name' | 'rating'

/**
 * The cards' town, trade and order, kept in the address (?town=, ?service=, ?by=rating: not ?sort=, which
 * is the shortlist table's column) and replaced as chosen.
 */
function useWorkerCardFilters() {
  const [params, setParams] = useSearchParams()
  const town = placeName(params.get('town'))
  const service = placeName(params.get('service'))
  const sort: CardOrder = params.get('by') === 'rating' ? 'rating' : 'name'
  const set = (key: 'town' | 'service' | 'by', value: string) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current)
        if (value) next.set(key, value)
        else next.delete(key)
        return next
      },
      { replace: true },
    )
  return { town, service, sort, set }
}

/** Best rated first: the higher mean, then the more ratings; workers not rated yet after, in the list's order. */
function byRating(a: SkilledWorker, b: SkilledWorker): number {
  return (b.rating_avg ?? -1) - (a.rating_avg ?? -1) || b.rating_count - a.rating_count
}

/**
 * A worker's standing under their name: "★ 4.6 (12) · 30 jobs done" (the stars read out in words), or
 * "New on TownWorks" before any rating and finished job.
 */
function Standing({ worker }: { worker: SkilledWorker }) {
  const { t } = useTranslation('workers')
  const rated = worker.rating_avg !== null && worker.rating_count > 0
  const done = worker.jobs_done > 0 ? t('skilledWorkers.cards.jobsDone', { count: worker.jobs_done }) : null
  if (!rated && !done) return <p className="workers-card__standing">{t('skilledWorkers.cards.new')}</p>
  const rating = worker.rating_avg?.toFixed(1) ?? ''
  return (
    <p className="workers-card__standing">
      {rated ? (
        <>
          <span aria-hidden="true">
            <span className="workers-card__star">★</span> {rating} ({worker.rating_count})
          </span>
          <span className="workers-visually-hidden">
            {t('skilledWorkers.cards.rated', { rating, count: worker.rating_count })}
          </span>
        </>
      ) : (
        t('skilledWorkers.cards.notRated')
      )}
      {done ? ` · ${done}` : null}
    </p>
  )
}

/**
 * Skilled workers as cards a customer books from: name, standing (rating and jobs done, issue 21),
 * trades with prices, town; "Book this worker" opens the request form for the worker's first trade
 * with the worker preferred. Filters by town and trade; ordered by name or the best rated first.
 */
export function WorkerCards({ workers, onBook }: { workers: readonly SkilledWorker[]; onBook: BookWorker }) {
  const { t, i18n } = useTranslation('workers')
  const names = useNames()
  const filters = useWorkerCardFilters()
  const townId = useId()
  const tradeId = useId()
  const sortId = useId()
  const matching = workers.filter(
    (w) =>
      (!filters.town || w.town === filters.town) &&
      (!filters.service || w.services.some((s) => s.service_name === filters.service)),
  )
  const shown = filters.sort === 'rating' ? [...matching].sort(byRating) : matching
  // A material's price is per its unit (decision 069): "₹4,500 per tractor load"; a job's stands alone.
  const price = ({ price_paise, unit }: SkilledWorker['services'][number]) => {
    const money = formatMoney(price_paise, i18n.language)
    return unit ? t(`skilledWorkers.cards.per.${unit}`, { price: money }) : money
  }

  return (
    <>
      <fieldset className="workers-cards__filters">
        <legend className="workers-visually-hidden">{t('skilledWorkers.cards.filters')}</legend>
        <div className="workers-cards__filter">
          <label htmlFor={townId}>{t('skilledWorkers.cards.town')}</label>
          <select id={townId} value={filters.town ?? ''} onChange={(e) => filters.set('town', e.currentTarget.value)}>
            <option value="">{t('skilledWorkers.cards.anyTown')}</option>
            {names.townOptions.map((o) => (
              <option key={o.value} value={o.value}>
                {o.label}
              </option>
            ))}
          </select>
        </div>
        <div className="workers-cards__filter">
          <label htmlFor={tradeId}>{t('skilledWorkers.cards.trade')}</label>
          <select
            id={tradeId}
            value={filters.service ?? ''}
            onChange={(e) => filters.set('service', e.currentTarget.value)}
          >
            <option value="">{t('skilledWorkers.cards.anyTrade')}</option>
            {names.serviceOptions.map((o) => (
              <option key={o.value} value={o.value}>
                {o.label}
              </option>
            ))}
          </select>
        </div>
        <div className="workers-cards__filter">
          <label htmlFor={sortId}>{t('skilledWorkers.cards.sort')}</label>
          <select
            id={sortId}
            value={filters.sort}
            onChange={(e) => filters.set('by', e.currentTarget.value === 'rating' ? 'rating' : '')}
          >
            <option value="name">{t('skilledWorkers.cards.byName')}</option>
            <option value="rating">{t('skilledWorkers.cards.bestRated')}</option>
          </select>
        </div>
      </fieldset>
      <p className="workers-cards__count" role="status" aria-live="polite">
        {shown.length > 0 ? t('skilledWorkers.cards.count', { count: shown.length }) : t('skilledWorkers.cards.none')}
      </p>
      <ul className="workers-cards">
        {shown.map((worker) => {
          const headingId = `worker-card-${worker.worker_id}`
          const first = worker.services.find((s) => s.service_name === filters.service) ?? worker.services[0]
          const lowest = worker.services.reduce<SkilledWorker['services'][number] | undefined>(
            (low, s) => (!low || s.price_paise < low.price_paise ? s : low),
            undefined,
          )
          return (
            <li key={worker.worker_id}>
              <article className="workers-card" aria-labelledby={headingId}>
                <h3 id={headingId} className="workers-card__name" translate="no">
                  {worker.name}
                </h3>
                <Standing worker={worker} />
                <p className="workers-card__town">{names.town(worker.town)}</p>
                {lowest ? (
                  <>
                    <p className="workers-card__from">{t('skilledWorkers.cards.from', { price: price(lowest) })}</p>
                    <ul className="workers-card__trades">
                      {worker.services.map((s) => (
                        <li key={s.service_name}>
                          {t('skilledWorkers.cards.price', {
                            service: names.service(s.service_name),
                            price: price(s),
                          })}
                        </li>
                      ))}
                    </ul>
                  </>
                ) : (
                  <p className="workers-card__none">{t('skilledWorkers.cards.noServices')}</p>
                )}
                {first ? (
                  <button
                    type="button"
                    className="workers-card__book"
                    aria-label={t('skilledWorkers.cards.bookLabel', { name: worker.name })}
                    onClick={() => onBook({ id: worker.worker_id, name: worker.name }, first.service_name)}
                  >
                    {t('skilledWorkers.cards.book')}
                  </button>
                ) : null}
              </article>
            </li>
          )
        })}
      </ul>
    </>
  )
}
