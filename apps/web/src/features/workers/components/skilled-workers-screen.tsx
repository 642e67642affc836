import { Button, Group, Select } from '@mantine/core'
import type { SkilledWorker } from '@townworks/contract'
import type { TFunction } from 'i18next'
import { useId, useState, type ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { DataTable, type DataColumn } from '../../../components/data-table/data-table'
import { QueryState } from '../../../components/query-state'
import { Link, useLocation } from '../../../lib/router'
import { isApiError } from '../../../lib/api-client'
import { useAddToCart } from '../api/add-to-cart'
import { useSkilledWorkers } from '../api/get-skilled-workers'
import { describeWorkersError } from './error-text'
import { WorkerCards, type BookWorker } from './worker-cards'
import './worker-cards.css'
import './workers.css'

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
 * Skilled Workers (/swl): worker cards a customer books from ("Book this worker" calls `onBook`), then
 * the shortlist: the seed's 'Select a worker' + Add to Cart, and the table of names with how many
 * shortlists (carts) hold each. Adding needs a login; a visitor is told so and offered the way back.
 */
export function SkilledWorkersScreen({ onBook }: { onBook: BookWorker }) {
  const { t } = useTranslation('workers')
  const list = useSkilledWorkers()
  const workers = list.data?.skilledworkers ?? []
  const cart = useAddWorkerToCart(workers)
  const cardsId = useId()
  const shortlistId = useId()

  const columns = skilledColumns(t, (w) => (
    <Button
      size="compact-md"
      variant="outline"
      aria-label={t('skilledWorkers.addLabel', { name: w.name })}
      loading={cart.adding(w.worker_id)}
      onClick={() => void cart.handleAdd(w.worker_id)}
    >
      {t('skilledWorkers.addToCart')}
    </Button>
  ))

  return (
    <div className="workers-scope">
      <QueryState
        query={list}
        loading={t('skilledWorkers.loading')}
        errorTitle={t('errors.load')}
        describeError={(error) => describeWorkersError(error, t)}
        isEmpty={(data) => data.skilledworkers.length === 0}
        empty={t('skilledWorkers.empty')}
      >
        {() => (
          <>
            <section aria-labelledby={cardsId}>
              <h2 id={cardsId} className="workers-section-title">
                {t('skilledWorkers.cards.title')}
              </h2>
              <WorkerCards workers={workers} onBook={onBook} />
            </section>
            <section aria-labelledby={shortlistId}>
              <h2 id={shortlistId} className="workers-section-title">
                {t('skilledWorkers.shortlist.title')}
              </h2>
              <p>{t('skilledWorkers.shortlist.intro')}</p>
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
            </section>
          </>
        )}
      </QueryState>
    </div>
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

/** The seed's 'Select a worker' and Add to Cart. */
function AddByName({ workers, adding, onAdd, onNoneChosen }: AddByNameProps) {
  const { t } = useTranslation('workers')
  const [selected, setSelected] = useState<string | null>(null)
  return (
    <Group align="flex-end" gap="sm" mb="lg" wrap="wrap">
      <Select
        label={t('skilledWorkers.selectLabel')}
        placeholder={t('skilledWorkers.selectPlaceholder')}
        data={workers.map((w) => ({ value: String(w.worker_id), label: w.name }))}
        value={selected}
        onChange={setSelected}
        searchable
        w={280}
      />
      <Button
        onClick={() => (selected ? onAdd(Number(selected)) : onNoneChosen())}
        loading={selected !== null && adding(Number(selected))}
      >
        {t('skilledWorkers.addToCart')}
      </Button>
    </Group>
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
