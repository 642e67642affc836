import { Button, Group, Select } from '@mantine/core'
import type { SkilledWorker } from '@townworks/contract'
import type { TFunction } from 'i18next'
import { useState, type ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { DataTable, type DataColumn } from '../../../components/data-table/data-table'
import { QueryState } from '../../../components/query-state'
import { Link, useLocation } from '../../../lib/router'
import { isApiError } from '../../../lib/api-client'
import { useAddToCart } from '../api/add-to-cart'
import { useSkilledWorkers } from '../api/get-skilled-workers'
import { describeWorkersError } from './error-text'
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

/**
 * Skilled Workers (/swl): the seed's 'Select a worker' + Add to Cart, and the table of names with
 * how many carts hold each. Adding needs a login; a visitor is told so and offered the way back.
 */
export function SkilledWorkersScreen() {
  const { t } = useTranslation('workers')
  const location = useLocation()
  const list = useSkilledWorkers()
  const add = useAddToCart()
  const [selected, setSelected] = useState<string | null>(null)
  const [outcome, setOutcome] = useState<Outcome>(null)
  const workers = list.data?.skilledworkers ?? []

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

  const columns = skilledColumns(t, (w) => (
    <Button
      size="compact-md"
      variant="outline"
      aria-label={t('skilledWorkers.addLabel', { name: w.name })}
      loading={add.isPending && add.variables === w.worker_id}
      onClick={() => void handleAdd(w.worker_id)}
    >
      {t('skilledWorkers.addToCart')}
    </Button>
  ))

  const from = { pathname: location.pathname, search: location.search, hash: location.hash }
  const loginTo = `/login?from=${encodeURIComponent(location.pathname + location.search)}`

  return (
    <div className="workers-scope">
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
                onClick={() => {
                  if (selected) void handleAdd(Number(selected))
                  else setOutcome({ tone: 'error', text: t('skilledWorkers.chooseFirst') })
                }}
                loading={add.isPending && add.variables === Number(selected)}
              >
                {t('skilledWorkers.addToCart')}
              </Button>
            </Group>
            <DataTable
              columns={columns}
              rows={workers}
              rowKey={(w) => w.worker_id}
              caption={t('skilledWorkers.tableCaption')}
              label={t('skilledWorkers.tableCaption')}
            />
          </>
        )}
      </QueryState>
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
