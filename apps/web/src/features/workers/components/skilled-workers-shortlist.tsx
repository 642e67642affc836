import type { SkilledWorker } from '@townworks/contract'
import type { TFunction } from 'i18next'
import { useId, useState, type ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { DataTable, type DataColumn } from '../../../components/data-table/data-table'
import { isApiError } from '../../../lib/api-client'
import { Link, useLocation } from '../../../lib/router'
import { useAddToCart } from '../api/add-to-cart'
import { describeWorkersError } from './error-text'

type Outcome = { tone: 'ok' | 'error'; text: string } | { tone: 'login' } | null

function CartIcon() {
  return (
    <svg className="workers-cart-icon" viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
      <path
        fill="currentColor"
        d="M7 18a2 2 0 1 0 0 4 2 2 0 0 0 0-4Zm10 0a2 2 0 1 0 0 4 2 2 0 0 0 0-4ZM3 2h2.2l.9 2H21a1 1 0 0 1 .96 1.27l-2.5 9A1 1 0 0 1 18.5 15H8.1l-.9 2H19v2H5.6a1 1 0 0 1-.9-1.45L6.3 14.3 3.6 4H3V2Z"
      />
    </svg>
  )
}

/** Add a worker to the caller's cart, and what came of it (added, already there, log in first, failed). */
function useAddWorkerToCart(workers: readonly SkilledWorker[]) {
  const { t } = useTranslation('workers')
  const add = useAddToCart()
  const [outcome, setOutcome] = useState<Outcome>(null)
  const handleAdd = async (workerId: number) => {
    const name = workers.find((w) => w.worker_id === workerId)?.name ?? ''
    setOutcome(null)
    try {
      const answer = await add.mutateAsync(workerId)
      setOutcome({
        tone: 'ok',
        text: answer.added
          ? t('skilledWorkers.added', { name, count: answer.cart_count })
          : t('skilledWorkers.already', { name }),
      })
    } catch (error) {
      if (isApiError(error, 401)) setOutcome({ tone: 'login' })
      else setOutcome({ tone: 'error', text: describeWorkersError(error, t) })
    }
  }
  /** Whether the worker with this id is being added now. */
  const adding = (workerId: number) => add.isPending && add.variables === workerId
  return { outcome, setOutcome, handleAdd, adding }
}

/**
 * The shortlist under the cards: the seed's 'Select a worker' + Add to Cart, and the table of names with
 * how many shortlists (carts) hold each. Adding needs a login; a visitor is told so and offered the way
 * back. Loaded after the cards paint (decision 046): the cards are what a phone shows first.
 */
export function Shortlist({ workers }: { workers: readonly SkilledWorker[] }) {
  const { t } = useTranslation('workers')
  const cart = useAddWorkerToCart(workers)
  const columns = skilledColumns(t, (w) => (
    <AddButton
      label={t('skilledWorkers.addLabel', { name: w.name })}
      busy={cart.adding(w.worker_id)}
      onClick={() => void cart.handleAdd(w.worker_id)}
      compact
    />
  ))
  return (
    <>
      <CartOutcome outcome={cart.outcome} />
      <AddByName
        workers={workers}
        adding={cart.adding}
        onAdd={(workerId) => void cart.handleAdd(workerId)}
        onNoneChosen={() => cart.setOutcome({ tone: 'error', text: t('skilledWorkers.chooseFirst') })}
      />
      <DataTable
        columns={columns}
        rows={workers}
        rowKey={(w) => w.worker_id}
        caption={t('skilledWorkers.tableCaption')}
        label={t('skilledWorkers.tableCaption')}
      />
    </>
  )
}

/** What the last Add to Cart did, read out politely; a visitor gets the way to log in and back. */
function CartOutcome({ outcome }: { outcome: Outcome }) {
  const { t } = useTranslation('workers')
  const location = useLocation()
  const from = { pathname: location.pathname, search: location.search, hash: location.hash }
  const loginTo = `/login?from=${encodeURIComponent(location.pathname + location.search)}`
  return (
    <div aria-live="polite" className="workers-outcome">
      {outcome?.tone === 'login' ? (
        <p className="workers-form__error">
          {t('skilledWorkers.loginFirst')}{' '}
          <Link to={loginTo} state={{ from }}>
            {t('skilledWorkers.loginLink')}
          </Link>
        </p>
      ) : outcome ? (
        <p className={outcome.tone === 'ok' ? 'workers-form__ok' : 'workers-form__error'}>{outcome.text}</p>
      ) : null}
    </div>
  )
}

interface AddByNameProps {
  workers: readonly SkilledWorker[]
  adding: (workerId: number) => boolean
  onAdd: (workerId: number) => void
  onNoneChosen: () => void
}

/**
 * Add to Cart, as a plain button (no UI kit on a visitor's screen, decision 046): while the server
 * answers it is busy and refuses a second press, and says so in words.
 */
function AddButton({
  label,
  busy,
  onClick,
  compact = false,
}: {
  label?: string
  busy: boolean
  onClick: () => void
  compact?: boolean
}) {
  const { t } = useTranslation('workers')
  return (
    <button
      type="button"
      className={compact ? 'button workers-add workers-add--compact' : 'button button--primary workers-add'}
      aria-label={label}
      aria-busy={busy || undefined}
      aria-disabled={busy || undefined}
      onClick={() => {
        if (!busy) onClick()
      }}
    >
      {busy ? t('skilledWorkers.adding') : t('skilledWorkers.addToCart')}
    </button>
  )
}

/** The seed's 'Select a worker' and Add to Cart: a native select, which a phone shows as its own list. */
function AddByName({ workers, adding, onAdd, onNoneChosen }: AddByNameProps) {
  const { t } = useTranslation('workers')
  const [selected, setSelected] = useState('')
  const selectId = useId()
  return (
    <div className="workers-shortlist__add">
      <div className="workers-cards__filter workers-shortlist__pick">
        <label htmlFor={selectId}>{t('skilledWorkers.selectLabel')}</label>
        <select id={selectId} value={selected} onChange={(e) => setSelected(e.currentTarget.value)}>
          <option value="">{t('skilledWorkers.selectPlaceholder')}</option>
          {workers.map((w) => (
            <option key={w.worker_id} value={String(w.worker_id)}>
              {w.name}
            </option>
          ))}
        </select>
      </div>
      <AddButton
        busy={selected !== '' && adding(Number(selected))}
        onClick={() => (selected ? onAdd(Number(selected)) : onNoneChosen())}
      />
    </div>
  )
}

/** The workers' table: name and cart count (both sortable), and an Add to Cart button on each row. */
function skilledColumns(
  t: TFunction<'workers'>,
  addButton: (worker: SkilledWorker) => ReactNode,
): DataColumn<SkilledWorker>[] {
  return [
    { id: 'name', header: t('skilledWorkers.columns.name'), value: (w) => w.name, sortable: true },
    {
      id: 'cartCount',
      header: (
        <span className="workers-nowrap">
          <CartIcon /> {t('skilledWorkers.columns.cartCount')}
        </span>
      ),
      headerText: t('skilledWorkers.columns.cartCount'),
      value: (w) => w.cart_count,
      sortable: true,
      cell: (w) => (
        <span className="workers-nowrap">
          <CartIcon /> {w.cart_count}
        </span>
      ),
      cellProps: (w) => ({ 'data-testid': `cart-count-${w.worker_id}` }),
    },
    { id: 'add', header: t('skilledWorkers.columns.add'), cell: addButton },
  ]
}
