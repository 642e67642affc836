import { Loader, Select } from '@mantine/core'
import type { Service, Town, WorkerSuggestionsQuery } from '@townworks/contract'
import { useQuery } from '@tanstack/react-query'
import { useMemo } from 'react'
import { useTranslation } from 'react-i18next'
import { useNames } from '../../../lib/names'
import { workerServicesQuery } from '../../../lib/shared-api/workers'
export { WorkerPicker } from '../../../components/worker-picker/worker-picker'
export { JobPicker } from '../../../components/job-picker/job-picker'
import { useWorkerSuggestions } from '../api/get-worker-suggestions'

/** Mantine's dimmed description text is 3.3:1 on white; this grey is 7.6:1. */
const READABLE = { description: { color: '#4b5563' } }

export interface WorkerSelectProps {
  label: string
  /** The worker id in the form (text, as the form keeps it). */
  value: string
  onChange: (workerId: string) => void
  service: Service | undefined
  town: Town | undefined
  /** The slot, once whole: then each worker is marked free or busy. */
  slot: WorkerSuggestionsQuery | undefined
  /** The worker the assignment has now, named even when no longer offered. */
  current?: { id: number; name: string } | undefined
  error?: string | undefined
  description?: string | undefined
}

interface WorkerOption {
  id: number
  name: string
  service: string | null
  town: string | null
  free: boolean | undefined
}

/**
 * The worker: everyone offering the service in the town (every worker when neither is chosen), by
 * name with trade and town, those free in the slot first and marked so, the busy ones marked busy
 * (the server refuses a clash with the worker's name). Sends the seed's worker id.
 */
export function WorkerSelect({
  label,
  value,
  onChange,
  service,
  town,
  slot,
  current,
  error,
  description,
}: WorkerSelectProps) {
  const { t } = useTranslation('assignments')
  const names = useNames()
  const roster = useQuery({ ...workerServicesQuery({ ...(service && { service }), ...(town && { town }) }) })
  const suggestions = useWorkerSuggestions(slot)

  const workers = useMemo(() => {
    const free = new Set(slot ? (suggestions.data?.workers ?? []).map((w) => w.worker_id) : [])
    const known = slot !== undefined && suggestions.isSuccess
    const byId = new Map<number, WorkerOption>()
    for (const w of suggestions.data?.workers ?? []) {
      if (slot)
        byId.set(w.worker_id, { id: w.worker_id, name: w.name, service: w.service_name, town: w.town, free: true })
    }
    for (const row of roster.data?.workerServices ?? []) {
      if (!row.active || byId.has(row.worker_id)) continue
      byId.set(row.worker_id, {
        id: row.worker_id,
        name: row.worker_name,
        service: row.service_name,
        town: row.town,
        free: known ? free.has(row.worker_id) : undefined,
      })
    }
    if (current && !byId.has(current.id)) {
      byId.set(current.id, {
        id: current.id,
        name: current.name,
        service: null,
        town: null,
        free: known ? false : undefined,
      })
    }
    return [...byId.values()]
  }, [slot, suggestions.data, suggestions.isSuccess, roster.data, current])

  const describe = (w: WorkerOption) =>
    [
      w.name,
      w.service ? names.service(w.service) : null,
      w.town ? names.town(w.town) : null,
      w.free === undefined ? null : w.free ? t('pickers.free') : t('pickers.busy'),
    ]
      .filter((part): part is string => Boolean(part))
      .join(' · ')

  const data = workers.map((w) => ({ value: String(w.id), label: describe(w) }))
  // A worker id typed into the seed's form elsewhere (or by an older link) that we cannot name yet.
  if (value && !data.some((option) => option.value === value))
    data.unshift({ value, label: t('pickers.loadingWorker') })

  return (
    <Select
      label={label}
      placeholder={t('pickers.workerPlaceholder')}
      description={description}
      styles={READABLE}
      withAsterisk
      data={data}
      value={value || null}
      onChange={(next) => onChange(next ?? '')}
      searchable
      nothingFoundMessage={roster.isPending ? t('loading') : t('pickers.noWorker')}
      rightSection={
        roster.isFetching || suggestions.isFetching ? (
          <Loader size="xs" role="status" aria-label={t('loading')} />
        ) : undefined
      }
      error={error ?? (roster.isError ? t('pickers.failed') : undefined)}
      comboboxProps={{ withinPortal: true }}
    />
  )
}
