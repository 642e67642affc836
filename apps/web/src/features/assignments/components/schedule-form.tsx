import { zodResolver } from '@hookform/resolvers/zod'
import { Alert, Anchor, Button, Group, NativeSelect, SimpleGrid, Stack, Textarea, TextInput } from '@mantine/core'
import {
  ScheduleBodySchema,
  type ScheduleBody,
  type ScheduleInput,
  type ScheduleResponse,
  type WorkerSuggestionsQuery,
} from '@townworks/contract'
import { requestReference, SERVICES, TASK_STATUSES, TOWNS } from '@townworks/contract/constants'
import { useEffect, useRef, useState } from 'react'
import { useForm, useWatch, type FieldError } from 'react-hook-form'
import { useTranslation } from 'react-i18next'
import { Link } from '../../../lib/router'
import { useCreateSchedule } from '../api/create-schedule'
import { useScheduledRequest } from '../api/get-request'
import { todayInKolkata } from '../../../lib/format'
import { isDay, isTime } from '../model/dates'
import { failureText, fieldIssues } from '../model/failure'
import { WorkerPicker } from './lazy-worker-picker'
import './assignments.css'
import { fieldIssueText } from '../../../lib/api-error-text'

/** The seed's eight statuses: a new schedule may only start at the first. */
const SEED_STATUSES = TASK_STATUSES.filter((s) => s !== 'cancelled')

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

export interface ScheduleFormProps {
  /** The request this schedule comes from (`/ts?requestId=N`): pre-fills the form and fixes service and town. */
  requestId?: number | undefined
  /** Called after a schedule is stored (the route drops `requestId` from the address). */
  onCreated?: (answer: ScheduleResponse) => void
}

/** Create Schedule (/ts): a task and its assignment, with a picker of free, matching workers. */
export function ScheduleForm({ requestId, onCreated }: ScheduleFormProps) {
  const { t } = useTranslation('assignments')
  const request = useScheduledRequest(requestId)
  const create = useCreateSchedule()
  const [created, setCreated] = useState<ScheduleResponse | null>(null)
  const [failure, setFailure] = useState<string | null>(null)
  const prefilledFor = useRef<number | undefined>(undefined)
  const today = todayInKolkata()

  const { register, handleSubmit, control, formState, setValue, setError, reset, setFocus } = useForm<
    ScheduleInput,
    unknown,
    ScheduleBody
  >({
    resolver: zodResolver(ScheduleBodySchema),
    defaultValues: emptySchedule(),
    mode: 'onTouched',
  })
  const values = useWatch({ control })
  const fromRequest = requestId !== undefined && request.data !== undefined

  // Pre-fill once per request, when it arrives; what the operator types afterwards stays.
  useEffect(() => {
    const r = request.data
    if (!r || prefilledFor.current === r.id) return
    prefilledFor.current = r.id
    reset({
      ...emptySchedule(),
      taskName: t('schedule.prefill.taskName', { service: r.service, name: r.name }),
      serviceDesc: t('schedule.prefill.description', {
        service: r.service,
        town: r.town,
        name: r.name,
        phone: r.phone,
        reference: r.reference,
      }),
      date: r.service_date >= today ? r.service_date : today,
      completionDate: r.service_date >= today ? r.service_date : today,
      service: r.service,
      town: r.town,
      requestId: r.id,
    })
  }, [request.data, reset, t, today])

  const slot: WorkerSuggestionsQuery | undefined =
    values.service &&
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
        }
      : undefined
  const typedId = Number(values.workerId)

  const errorText = (field: Field, error: FieldError | undefined): string | undefined => {
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
  const err = (field: Field) => errorText(field, formState.errors[field] as FieldError | undefined)

  const onSubmit = handleSubmit(
    async (body) => {
      setFailure(null)
      setCreated(null)
      try {
        const answer = await create.mutateAsync(body)
        setCreated(answer)
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
    () => setFailure(t('schedule.fixFields')),
  )

  return (
    <Stack gap="md" maw={720} className="assignments-scope">
      {requestId !== undefined ? (
        <div aria-live="polite">
          {request.isPending ? (
            <Alert color="gray">{t('schedule.request.loading')}</Alert>
          ) : request.isError ? (
            <Alert color="red" title={t('schedule.request.failed')}>
              {failureText(t, request.error)}
            </Alert>
          ) : request.data.state !== 'open' ? (
            <Alert color="yellow" title={t('schedule.request.notOpen', { reference: request.data.reference })}>
              {t(`schedule.request.state.${request.data.state}`)}
            </Alert>
          ) : (
            <Alert color="blue" title={t('schedule.request.from', { reference: requestReference(request.data.id) })}>
              {t('schedule.request.summary', {
                name: request.data.name,
                phone: request.data.phone,
                service: request.data.service,
                town: request.data.town,
                date: request.data.service_date,
              })}
            </Alert>
          )}
        </div>
      ) : null}

      <div aria-live="polite" aria-atomic="true">
        {created ? (
          <Alert color="green" title={t('schedule.created.title')} role="status">
            {t('schedule.created.body', { taskId: created.taskId, assignmentId: created.assignmentId })}{' '}
            <Anchor component={Link} to={`/ad?q=${created.assignmentId}`}>
              {t('schedule.created.details')}
            </Anchor>
            {' · '}
            <Anchor component={Link} to={`/asu?assignmentId=${created.assignmentId}`}>
              {t('schedule.created.status')}
            </Anchor>
          </Alert>
        ) : null}
      </div>
      {failure ? (
        <Alert color="red" title={t('schedule.failed')} role="alert">
          {failure}
        </Alert>
      ) : null}

      <form onSubmit={onSubmit} noValidate aria-label={t('schedule.formLabel')}>
        <Stack gap="sm">
          <TextInput label={t('fields.taskName')} withAsterisk {...register('taskName')} error={err('taskName')} />
          <Textarea label={t('fields.serviceDesc')} rows={3} {...register('serviceDesc')} error={err('serviceDesc')} />
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <NativeSelect
              label={t('fields.service')}
              description={fromRequest ? t('schedule.fromRequestHint') : t('schedule.serviceHint')}
              disabled={fromRequest}
              data={[{ value: '', label: t('schedule.anyService') }, ...SERVICES.map((s) => ({ value: s, label: s }))]}
              {...register('service')}
              error={err('service')}
            />
            <NativeSelect
              label={t('fields.town')}
              disabled={fromRequest}
              data={[{ value: '', label: t('schedule.anyTown') }, ...TOWNS.map((s) => ({ value: s, label: s }))]}
              {...register('town')}
              error={err('town')}
            />
          </SimpleGrid>
          <SimpleGrid cols={{ base: 1, sm: 3 }}>
            <TextInput
              type="date"
              label={t('fields.assignmentDate')}
              withAsterisk
              min={today}
              {...register('date')}
              error={err('date')}
            />
            <TextInput
              type="time"
              label={t('fields.startTime')}
              withAsterisk
              {...register('startTime')}
              error={err('startTime')}
            />
            <TextInput
              type="time"
              label={t('fields.endTime')}
              withAsterisk
              {...register('endTime')}
              error={err('endTime')}
            />
          </SimpleGrid>
          <WorkerPicker
            query={slot}
            selectedId={Number.isInteger(typedId) && typedId > 0 ? typedId : undefined}
            onPick={(id) => {
              setValue('workerId', String(id), { shouldValidate: true, shouldDirty: true })
              setFocus('workerId')
            }}
          />
          <TextInput
            label={t('fields.workerId')}
            description={t('schedule.workerIdHint')}
            withAsterisk
            inputMode="numeric"
            {...register('workerId')}
            error={err('workerId')}
          />
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput
              type="date"
              label={t('fields.completionDate')}
              min={isDay(values.date) ? values.date : today}
              {...register('completionDate')}
              error={err('completionDate')}
            />
            <NativeSelect
              label={t('fields.status')}
              description={t('schedule.statusHint')}
              data={SEED_STATUSES.map((s) => ({ value: s, label: t(`status.${s}`), disabled: s !== 'assigned' }))}
              {...register('selectedStatus')}
              error={err('selectedStatus')}
            />
          </SimpleGrid>
          <Group>
            <Button type="submit" loading={create.isPending}>
              {t('schedule.submit')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Stack>
  )
}
