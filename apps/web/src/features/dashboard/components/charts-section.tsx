import { Alert, Button, Group, NativeSelect, TextInput } from '@mantine/core'
import type { DashboardChartsQuery } from '@townworks/contract'
import { type Service, type Town } from '@townworks/contract/constants'
import { placeName } from '@townworks/contract/places'
import { lazy, Suspense, useState, type FormEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { QueryState } from '../../../components/query-state'
import { todayInKolkata } from '../../../lib/format'
import { loadWithTimeout } from '../../../lib/lazy-with-timeout'
import { useNames } from '../../../lib/names'
import { useSearchParams } from '../../../lib/router'
import { useDashboardCharts } from '../api/dashboard-charts'
import { addDays } from '../model/count-links'

/** The charts and their library (Chartist, decision 043) load after the counts paint. */
const Charts = lazy(() => loadWithTimeout(() => import('./charts')).then((m) => ({ default: m.Charts })))

const DATE = /^\d{4}-\d{2}-\d{2}$/
/** The longest period, as the API allows it (DASHBOARD_MAX_DAYS), checked here without zod. */
const MAX_DAYS = 370
/** The period shown first: the last four weeks. */
const DEFAULT_DAYS = 28

/** The charts' period, town and service from the address (?from=&to=&town=&service=); a bad period falls back to the last four weeks. */
function chartsQuery(params: URLSearchParams): { query: DashboardChartsQuery; bad: boolean } {
  const today = todayInKolkata()
  const from = params.get('from')
  const to = params.get('to')
  const town = placeName(params.get('town'))
  const service = placeName(params.get('service'))
  const filters = { ...(town ? { town } : {}), ...(service ? { service } : {}) }
  const fallback = { query: { from: addDays(today, 1 - DEFAULT_DAYS), to: today, ...filters }, bad: false }
  if (!from && !to) return fallback
  const ok =
    from &&
    to &&
    DATE.test(from) &&
    DATE.test(to) &&
    from <= to &&
    (Date.parse(to) - Date.parse(from)) / 86_400_000 < MAX_DAYS
  return ok ? { query: { from, to, ...filters }, bad: false } : { ...fallback, bad: true }
}

/** The charts over a chosen period, for a town and a service, each with its numbers as a table. */
export function ChartsSection() {
  const { t } = useTranslation('dashboard')
  const [params, setParams] = useSearchParams()
  const { query, bad } = chartsQuery(params)
  const charts = useDashboardCharts(query)
  return (
    <section aria-labelledby="dashboard-charts" className="dashboard-section">
      <h2 id="dashboard-charts" className="dashboard-heading">
        {t('charts.heading')}
      </h2>
      <ChartFilters
        key={JSON.stringify(query)}
        query={query}
        onApply={(next) => setParams(new URLSearchParams(Object.entries(next).filter(([, v]) => v)), { replace: true })}
      />
      {bad ? <Alert color="yellow">{t('charts.badPeriod')}</Alert> : null}
      <QueryState query={charts} loading={t('charts.loading')} errorTitle={t('charts.failed')}>
        {(data) => (
          <Suspense fallback={<p role="status">{t('charts.loading')}</p>}>
            <Charts data={data} />
          </Suspense>
        )}
      </QueryState>
    </section>
  )
}

interface ChartFiltersProps {
  query: DashboardChartsQuery
  onApply: (next: Record<string, string>) => void
}

/** Period, town and service: typed values go to the address on Show. */
function ChartFilters({ query, onApply }: ChartFiltersProps) {
  const { t } = useTranslation('dashboard')
  const names = useNames()
  const [draft, setDraft] = useState({
    from: query.from,
    to: query.to,
    town: (query.town ?? '') as Town | '',
    service: (query.service ?? '') as Service | '',
  })
  const field = (key: keyof typeof draft) => ({
    value: draft[key],
    onChange: (e: { currentTarget: { value: string } }) => {
      const value = e.currentTarget.value
      setDraft((d) => ({ ...d, [key]: value }))
    },
  })
  const handleSubmit = (event: FormEvent) => {
    event.preventDefault()
    onApply(draft)
  }
  return (
    <form onSubmit={handleSubmit} role="search" aria-label={t('charts.filters')}>
      <Group gap="sm" align="flex-end" wrap="wrap">
        <TextInput type="date" label={t('charts.from')} required {...field('from')} />
        <TextInput type="date" label={t('charts.to')} required {...field('to')} />
        <NativeSelect
          label={t('charts.town')}
          data={[{ value: '', label: t('charts.anyTown') }, ...names.allTownOptions]}
          {...field('town')}
        />
        <NativeSelect
          label={t('charts.service')}
          data={[{ value: '', label: t('charts.anyService') }, ...names.allServiceOptions]}
          {...field('service')}
        />
        <Button type="submit">{t('charts.apply')}</Button>
      </Group>
    </form>
  )
}
