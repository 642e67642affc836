import type {
  MaterialOrder,
  ScheduleBody,
  ScheduleInput,
  ScheduleResponse,
  WorkerSuggestionsQuery,
} from '@townworks/contract'
import { requestReference } from '@townworks/contract/constants'
import type { TFunction } from 'i18next'
import { useEffect, useRef, useState } from 'react'
import { useForm, useWatch, type FieldError, type UseFormReturn } from 'react-hook-form'
import { useTranslation } from 'react-i18next'
import { useCreateSchedule } from '../api/create-schedule'
import { useScheduledRequest } from '../api/get-request'
import { todayInKolkata } from '../../../lib/format'
import { isDay, isTime } from '../model/dates'
import { failureText, fieldIssues } from '../model/failure'
import { fieldIssueText } from '../../../lib/field-issue-text'
import { useNames } from '../../../lib/names'
import { lazyResolver } from '../../../lib/lazy-resolver'

/** The contract's schedule schema, imported when the form first checks a field (decision 055). */
const scheduleResolver = lazyResolver<ScheduleInput, ScheduleBody>(() =>
  import('../../../lib/form-resolvers').then((m) => m.scheduleResolver),
)

type Field = keyof ScheduleInput
const FIELDS: readonly Field[] = [
  'taskName',
  'serviceDesc',
  'workerId',
  'date',
  'startTime',
  'endTime',
  'completionDate',
  'selectedStatus',
  'service',
  'town',
]

export function emptySchedule(): ScheduleInput {
  return {
    taskName: '',
    serviceDesc: '',
    workerId: '',
    date: '',
    startTime: '',
    endTime: '',
    completionDate: '',
    selectedStatus: 'assigned',
    service: '',
    town: '',
  }
}

/** A field's problem in the person's language: the server's words for its own checks, ours for the schema's. */
function errorText(t: TFunction<'assignments'>, field: Field, error: FieldError | undefined): string | undefined {
  if (!error) return undefined
  if (error.type === 'server' && error.message) return error.message
  if (error.type === 'custom') {
    if (field === 'endTime') return t('schedule.errors.endOrder')
    if (field === 'completionDate') return t('schedule.errors.completionOrder')
    if (field === 'selectedStatus') return t('schedule.errors.firstStatus')
  }
  switch (field) {
    case 'taskName':
      return t('schedule.errors.taskName')
    case 'workerId':
      return t('schedule.errors.workerId')
    case 'date':
      return t('schedule.errors.date')
    case 'startTime':
    case 'endTime':
      return t('schedule.errors.time')
    case 'completionDate':
      return t('schedule.errors.completionDate')
    default:
      return t('schedule.errors.choose')
  }
}

/**
 * The slot to find free workers for, once the form names a whole one; for a materials order (decision
 * 069) with its quantity and unit, its suppliers cheapest first, each with what the order costs with them.
 */
function slotOf(values: Partial<ScheduleInput>, order: MaterialOrder | null): WorkerSuggestionsQuery | undefined {
  return values.service &&
    values.town &&
    isDay(values.date) &&
    isTime(values.startTime) &&
    isTime(values.endTime) &&
    values.startTime < values.endTime
    ? {
        service: values.service,
        town: values.town,
        date: values.date,
        startTime: values.startTime,
        endTime: values.endTime,
        ...(order ? { sort: 'price' as const, quantity: order.quantity, unit: order.unit } : {}),
      }
    : undefined
}

/** A stored schedule, named as a person names it (TW-000123, or #45 without a request). */
export type CreatedSchedule = ScheduleResponse & { reference: string }

type ScheduleFormHandles = UseFormReturn<ScheduleInput, unknown, ScheduleBody>

/**
 * Create Schedule's state: the request it comes from (pre-filled once), the form (the contract's
 * schema), the free-worker query for the slot, and saving.
 */
export function useScheduleForm(requestId: number | undefined, onCreated?: (answer: ScheduleResponse) => void) {
  const { t } = useTranslation('assignments')
  const today = todayInKolkata()
  const form = useForm<ScheduleInput, unknown, ScheduleBody>({
    resolver: scheduleResolver,
    defaultValues: emptySchedule(),
    mode: 'onTouched',
  })
  // Fetched once the form is on screen, so the first check rarely waits for it.
  useEffect(() => scheduleResolver.preload(), [])
  const values = useWatch({ control: form.control })
  const request = usePrefillFromRequest(requestId, form.reset, today)
  const save = useSaveSchedule(form, onCreated)

  /** Set the worker from a picker, as typing the seed's Worker ID would. */
  const chooseWorker = (workerId: string) =>
    form.setValue('workerId', workerId, { shouldValidate: true, shouldDirty: true })
  const err = (field: Field) => errorText(t, field, form.formState.errors[field] as FieldError | undefined)

  const fromRequest = requestId !== undefined && request.data !== undefined
  // The request's materials order, while the form schedules that request (its service is fixed then).
  const order = fromRequest && request.data?.service === values.service ? (request.data?.order ?? null) : null
  return {
    t,
    request,
    create: save.create,
    created: save.created,
    failure: save.failure,
    today,
    register: form.register,
    values,
    fromRequest,
    order,
    slot: slotOf(values, order),
    chooseWorker,
    err,
    onSubmit: save.onSubmit,
  }
}

/**
 * The service request a schedule comes from (`/ts?requestId=N`), and the form filled from it once
 * per request when it arrives. What the operator typed before it arrived (a slow answer) or types
 * afterwards stays (keepDirtyValues: a journey lost its start time to a late pre-fill).
 */
function usePrefillFromRequest(requestId: number | undefined, reset: ScheduleFormHandles['reset'], today: string) {
  const { t } = useTranslation('assignments')
  // The task's words in the operator's language, the service and town named as they read them.
  const names = useNames()
  const request = useScheduledRequest(requestId)
  const prefilledFor = useRef<number | undefined>(undefined)

  useEffect(() => {
    const r = request.data
    if (!r || prefilledFor.current === r.id) return
    prefilledFor.current = r.id
    const day = r.service_date >= today ? r.service_date : today
    reset(
      {
        ...emptySchedule(),
        taskName: t('schedule.prefill.taskName', { service: names.service(r.service), name: r.name }),
        serviceDesc: t('schedule.prefill.description', {
          service: names.service(r.service),
          town: names.town(r.town),
          name: r.name,
          phone: r.phone,
          reference: r.reference,
        }),
        date: day,
        completionDate: day,
        service: r.service,
        town: r.town,
        requestId: r.id,
      },
      { keepDirtyValues: true },
    )
  }, [request.data, reset, t, today, names])

  return request
}

/**
 * Saving a schedule: the created banner (named by its request's reference) and a cleared form, or
 * the failure in words with the server's field problems set on their fields.
 */
function useSaveSchedule(form: ScheduleFormHandles, onCreated: ((answer: ScheduleResponse) => void) | undefined) {
  const { t } = useTranslation('assignments')
  const create = useCreateSchedule()
  const [created, setCreated] = useState<CreatedSchedule | null>(null)
  const [failure, setFailure] = useState<string | null>(null)
  const { handleSubmit, reset, setError } = form

  const onSubmit = handleSubmit(
    async (body) => {
      setFailure(null)
      setCreated(null)
      try {
        const answer = await create.mutateAsync(body)
        // How a person names what was scheduled: its request's reference, else the task's own number.
        const reference = body.requestId ? requestReference(body.requestId) : `#${answer.taskId}`
        setCreated({ ...answer, reference })
        reset(emptySchedule())
        onCreated?.(answer)
      } catch (error) {
        setFailure(failureText(t, error))
        for (const issue of fieldIssues(error)) {
          if ((FIELDS as readonly string[]).includes(issue.path)) {
            setError(issue.path as Field, { type: 'server', message: fieldIssueText(issue) })
          }
        }
      }
    },
    () => {
      // The last schedule's "created" banner goes: the new problem is what counts now.
      setCreated(null)
      setFailure(t('schedule.fixFields'))
    },
  )

  return { create, created, failure, onSubmit }
}

/** What useScheduleForm gives the form's parts. */
export type ScheduleFormState = ReturnType<typeof useScheduleForm>
