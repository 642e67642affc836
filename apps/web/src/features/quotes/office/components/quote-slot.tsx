import { Checkbox, NativeSelect, TextInput } from '@mantine/core'
import type { ServiceRequestDetail, WorkerSuggestionsQuery } from '@townworks/contract'
import { useQuery } from '@tanstack/react-query'
import { useWatch } from 'react-hook-form'
import { useNames } from '../../../../lib/names'
import { workerServicesQuery } from '../../../../lib/shared-api/workers'
import { useWorkerSuggestions } from '../../../../lib/shared-api/worker-suggestions'
import type { QuoteFormState } from './use-quote-form'
import { useSupplierPrice } from './use-supplier-price'

interface SlotProps {
  state: QuoteFormState
  request: ServiceRequestDetail
  /** A field's problem in words (fieldText), by its path. */
  err: (path: string) => string | undefined
}

const isDay = (v: string) => /^\d{4}-\d{2}-\d{2}$/.test(v)
const isTime = (v: string) => /^([01]\d|2[0-3]):[0-5]\d$/.test(v)

/**
 * The slot a quote may propose (booked at once when the customer accepts and the worker is still free):
 * a worker who offers the request's service in its town (as Create Schedule offers them, those free in
 * the slot marked so once it is whole), a day from today, and the hours.
 */
export function QuoteSlot({ state, request, err }: SlotProps) {
  const { t, form, today } = state
  const withSlot = useWatch({ control: form.control, name: 'with_slot' })
  return (
    <>
      <Checkbox
        label={t('office.form.withSlot')}
        description={t('office.form.withSlotHint')}
        {...form.register('with_slot')}
      />
      {withSlot ? (
        <div className="quote-form__slot">
          <WorkerChoice state={state} request={request} error={err('slot.worker_id')} />
          <TextInput
            type="date"
            label={t('office.form.date')}
            min={today}
            withAsterisk
            {...form.register('slot.date')}
            error={err('slot.date')}
          />
          <TextInput
            type="time"
            label={t('office.form.startTime')}
            withAsterisk
            {...form.register('slot.start_time')}
            error={err('slot.start_time')}
          />
          <TextInput
            type="time"
            label={t('office.form.endTime')}
            withAsterisk
            {...form.register('slot.end_time')}
            error={err('slot.end_time')}
          />
        </div>
      ) : null}
    </>
  )
}

/** The workers who offer the request's service in its town, by name; free or busy once the slot is whole. */
function WorkerChoice({
  state: { t, form },
  request,
  error,
}: {
  state: QuoteFormState
  request: ServiceRequestDetail
  error: string | undefined
}) {
  const names = useNames()
  const slot = useWatch({ control: form.control, name: 'slot' })
  const roster = useQuery(workerServicesQuery({ service: request.service, town: request.town }))
  useSupplierPrice({ form }, request, roster.data?.workerServices)
  const query: WorkerSuggestionsQuery | undefined =
    isDay(slot.date) && isTime(slot.start_time) && isTime(slot.end_time) && slot.start_time < slot.end_time
      ? {
          service: request.service,
          town: request.town,
          date: slot.date,
          startTime: slot.start_time,
          endTime: slot.end_time,
        }
      : undefined
  const suggestions = useWorkerSuggestions(query)
  const free = query && suggestions.isSuccess ? new Set(suggestions.data.workers.map((w) => w.worker_id)) : null
  const seen = new Set<number>()
  const options = (roster.data?.workerServices ?? [])
    .filter((row) => {
      if (!row.active || seen.has(row.worker_id)) return false
      seen.add(row.worker_id)
      return true
    })
    .map((row) => ({
      value: String(row.worker_id),
      label: [
        row.worker_name,
        names.town(row.town),
        free ? (free.has(row.worker_id) ? t('office.form.workerFree') : t('office.form.workerBusy')) : null,
      ]
        .filter(Boolean)
        .join(' · '),
    }))

  const chosen = slot.worker_id
  // A worker chosen before (a draft, the last version) whom the list no longer offers, named by number.
  const data =
    chosen && !options.some((o) => o.value === chosen)
      ? [{ value: chosen, label: t('office.form.workerNumber', { id: chosen }) }, ...options]
      : options
  const placeholder = roster.isPending
    ? t('office.form.workersLoading')
    : roster.isError
      ? t('office.form.workersFailed')
      : options.length === 0
        ? t('office.form.noWorkers', { service: names.service(request.service), town: names.town(request.town) })
        : t('office.form.workerPlaceholder')
  return (
    <NativeSelect
      label={t('office.form.worker')}
      withAsterisk
      data={[{ value: '', label: placeholder }, ...data]}
      {...form.register('slot.worker_id')}
      error={error}
    />
  )
}
