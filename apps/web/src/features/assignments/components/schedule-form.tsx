import { Alert, Button, Group, NativeSelect, Stack, Text, Textarea, TextInput } from '@mantine/core'
import type { ScheduleResponse } from '@townworks/contract'
import { NEW_TASK_STATUSES, requestReference } from '@townworks/contract/constants'
import { lazy, Suspense } from 'react'
import { useTranslation } from 'react-i18next'
import { QueryState } from '../../../components/query-state'
import { formatDate } from '../../../lib/format'
import { mapsLink } from '../../../lib/maps'
import { OrderText } from '../../../lib/order-text'
import { useNames } from '../../../lib/names'
import { formatPhone } from '../../../lib/phone'
import { Link } from '../../../lib/router'
import { isDay } from '../model/dates'
import { failureText } from '../model/failure'
import { useScheduleForm, type ScheduleFormState } from './use-schedule-form'
import { WorkerPicker, WorkerSelect } from './lazy-pickers'
import './assignments.css'
import { useStatusLabel } from '../../../lib/status-labels'

export { emptySchedule } from './use-schedule-form'

// What the request says (address, problem, photo…) comes after the screen paints, with the request
// itself: the office's route stays within its size limit (decision 034).
const RequestDetailsList = lazy(() =>
  import('../../../lib/request-details').then((m) => ({ default: m.RequestDetailsList })),
)

export interface ScheduleFormProps {
  /** The request this schedule comes from (`/ts?requestId=N`): pre-fills the form and fixes service and town. */
  requestId?: number | undefined
  /** Called after a schedule is stored (the route drops `requestId` from the address). */
  onCreated?: (answer: ScheduleResponse) => void
}

/** Create Schedule (/ts): a task and its assignment, with a picker of free, matching workers. */
export function ScheduleForm({ requestId, onCreated }: ScheduleFormProps) {
  const form = useScheduleForm(requestId, onCreated)
  const { t, created, failure, create, onSubmit } = form
  return (
    <Stack gap="md" maw={720} className="assignments-scope">
      {requestId !== undefined ? <RequestBanner form={form} /> : null}

      <div aria-live="polite" aria-atomic="true">
        {created ? (
          <Alert color="green" title={t('schedule.created.title')} role="status">
            {t('schedule.created.body', { reference: created.reference })}{' '}
            {/* Plain links (the shell's link style): Mantine's Anchor would take /ts over its size limit. */}
            <Link to={`/jobs/${created.taskId}`}>{t('schedule.created.job')}</Link>
            {' · '}
            <Link to={`/ad?q=${created.assignmentId}`}>{t('schedule.created.details')}</Link>
            {' · '}
            <Link to={`/asu?assignmentId=${created.assignmentId}`}>{t('schedule.created.status')}</Link>
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
          <TaskFields form={form} />
          <SlotAndWorker form={form} />
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

interface PartProps {
  form: ScheduleFormState
}

/** The request the schedule comes from: loading, failed, no longer open, or its summary. */
function RequestBanner({ form }: PartProps) {
  const { t, request } = form
  const { i18n } = useTranslation()
  const names = useNames()
  return (
    <div aria-live="polite">
      <QueryState
        query={request}
        loading={t('schedule.request.loading')}
        errorTitle={t('schedule.request.failed')}
        describeError={(error) => failureText(t, error)}
      >
        {(data) =>
          data.state !== 'open' ? (
            <Alert color="yellow" title={t('schedule.request.notOpen', { reference: data.reference })}>
              {t(`schedule.request.state.${data.state}`)}
            </Alert>
          ) : (
            <Alert color="blue" title={t('schedule.request.from', { reference: requestReference(data.id) })}>
              <Stack gap="xs">
                <Text size="sm">
                  {t('schedule.request.summary', {
                    name: data.name,
                    phone: formatPhone(data.phone).text,
                    service: names.service(data.service),
                    town: names.town(data.town),
                    date: formatDate(data.service_date, i18n.language),
                  })}
                </Text>
                {data.order ? (
                  // A materials order (decision 069): how much, and that its suppliers come cheapest first.
                  <Text size="sm" fw={600} data-testid="schedule-order">
                    <OrderText order={data.order}>{(order) => t('schedule.request.order', { order })}</OrderText>
                  </Text>
                ) : null}
                <Suspense fallback={null}>
                  <RequestDetailsList
                    request={data}
                    mapsHref={mapsLink({ location: data.location, address: data.address, town: data.town })}
                  />
                </Suspense>
              </Stack>
            </Alert>
          )
        }
      </QueryState>
    </div>
  )
}

/** The task: its name, description, service and town (fixed when it comes from a request). */
function TaskFields({ form }: PartProps) {
  const { t, register, err, fromRequest } = form
  const names = useNames()
  return (
    <>
      <TextInput label={t('fields.taskName')} withAsterisk {...register('taskName')} error={err('taskName')} />
      <Textarea label={t('fields.serviceDesc')} rows={3} {...register('serviceDesc')} error={err('serviceDesc')} />
      <div className="form-grid form-grid--2">
        <NativeSelect
          label={t('fields.service')}
          description={fromRequest ? t('schedule.fromRequestHint') : t('schedule.serviceHint')}
          disabled={fromRequest}
          data={[{ value: '', label: t('schedule.anyService') }, ...names.serviceOptions]}
          {...register('service')}
          error={err('service')}
        />
        <NativeSelect
          label={t('fields.town')}
          disabled={fromRequest}
          data={[{ value: '', label: t('schedule.anyTown') }, ...names.townOptions]}
          {...register('town')}
          error={err('town')}
        />
      </div>
    </>
  )
}

/** When, who (by name, free or busy then), when it should be done, and the first status (only one a new task can have). */
function SlotAndWorker({ form }: PartProps) {
  const { t, register, err, today, slot, chooseWorker, values } = form
  const statusName = useStatusLabel()
  return (
    <>
      <div className="form-grid form-grid--3">
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
      </div>
      <WorkerSelect
        label={t('fields.worker')}
        description={t('schedule.workerHint')}
        value={values.workerId === undefined ? '' : String(values.workerId)}
        onChange={chooseWorker}
        service={values.service || undefined}
        town={values.town || undefined}
        slot={slot}
        error={err('workerId')}
      />
      <WorkerPicker
        query={slot}
        selectedId={Number(values.workerId) || undefined}
        onPick={(id) => chooseWorker(String(id))}
      />
      <div className="form-grid form-grid--2">
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
          data={NEW_TASK_STATUSES.map((s) => ({ value: s, label: statusName(s) }))}
          {...register('selectedStatus')}
          error={err('selectedStatus')}
        />
      </div>
    </>
  )
}
