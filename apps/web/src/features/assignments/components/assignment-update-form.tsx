import { zodResolver } from '@hookform/resolvers/zod'
import { Alert, Button, Group, NativeSelect, SimpleGrid, Stack, Textarea, TextInput } from '@mantine/core'
import {
  AssignmentUpdateBodySchema,
  type AssignmentForm,
  type AssignmentUpdateBody,
  type AssignmentUpdateInput,
} from '@townworks/contract'
import {
  actorsForRole,
  canTransition,
  nextStatuses,
  TASK_STATUSES,
  type TaskStatus,
} from '@townworks/contract/constants'
import { useEffect, useState } from 'react'
import { useForm, useWatch, type FieldError } from 'react-hook-form'
import { useTranslation } from 'react-i18next'
import { useSession } from '../../../lib/session'
import { useAssignments } from '../api/get-assignments'
import { useTaskDetails } from '../api/get-task-details'
import { useTaskIds } from '../../../lib/shared-api/tasks'
import { useTaskStatuses } from '../api/get-task-statuses'
import { useUpdateAssignment } from '../api/update-assignment'
import { isDay, isTime } from '../model/dates'
import { failureText, fieldIssues } from '../model/failure'
import { WorkerPicker } from './lazy-worker-picker'
import './assignments.css'
import { fieldIssueText } from '../../../lib/api-error-text'

/** The value of the seed's single option when there is nothing to pick. */
const NONE = 'default'

type Field = keyof AssignmentUpdateInput
const FIELDS: readonly Field[] = [
  'assignment_id',
  'task_id',
  'worker_id',
  'service_desc',
  'assignment_date',
  'start_time',
  'end_time',
  'completion_date',
  'status',
  'reason',
]

const blank: AssignmentUpdateInput = {
  assignment_id: '',
  task_id: '',
  worker_id: '',
  service_desc: '',
  assignment_date: '',
  start_time: '',
  end_time: '',
  completion_date: '',
  status: undefined,
  reason: undefined,
}

/** The form's values from what GET /api/taskdetails answered. */
function toForm(a: AssignmentForm): AssignmentUpdateInput {
  return {
    assignment_id: String(a.assignment_id),
    task_id: String(a.task_id),
    worker_id: String(a.worker_id),
    service_desc: a.service_desc,
    assignment_date: a.assignment_date,
    start_time: a.start_time,
    end_time: a.end_time,
    completion_date: a.completion_date ?? '',
    status: a.status,
    expected_status: a.status,
    reason: undefined,
  }
}

export interface AssignmentUpdateFormProps {
  /** Pre-select this assignment (`/etass?assignmentId=N`). */
  initialAssignmentId?: number | undefined
}

/** Update Task Assignment (/etass): the seed's edit form; a status change goes through the status machine. */
export function AssignmentUpdateForm({ initialAssignmentId }: AssignmentUpdateFormProps) {
  const { t } = useTranslation('assignments')
  const { role } = useSession()
  const assignments = useAssignments()
  const taskIds = useTaskIds()
  const statuses = useTaskStatuses()
  const update = useUpdateAssignment()
  const [selected, setSelected] = useState<number | undefined>(initialAssignmentId)
  const details = useTaskDetails(selected)
  const [saved, setSaved] = useState<string | null>(null)
  const [failure, setFailure] = useState<string | null>(null)

  const { register, handleSubmit, control, formState, reset, setError, setValue, setFocus } = useForm<
    AssignmentUpdateInput,
    unknown,
    AssignmentUpdateBody
  >({ resolver: zodResolver(AssignmentUpdateBodySchema), defaultValues: blank, mode: 'onTouched' })
  const values = useWatch({ control })

  // Fill the form each time a chosen assignment's details arrive (again after a save).
  useEffect(() => {
    if (details.data) reset(toForm(details.data))
  }, [details.data, reset])

  const loaded = details.data
  const current = loaded?.status
  const isAdmin = role === 'admin'
  const allowed: TaskStatus[] = current && role ? nextStatuses(current, actorsForRole(role)) : []
  const statusOptions: TaskStatus[] = !current
    ? []
    : isAdmin
      ? (statuses.data ?? [...TASK_STATUSES])
      : [current, ...allowed]
  const chosenStatus = values.status
  const isOverride =
    isAdmin &&
    current !== undefined &&
    chosenStatus !== undefined &&
    chosenStatus !== current &&
    !canTransition(current, chosenStatus, 'operator')

  const rows = assignments.data ?? []
  const tasks = taskIds.data ?? []
  const typedId = Number(values.worker_id)
  const slot =
    loaded?.service &&
    loaded.town &&
    isDay(values.assignment_date) &&
    isTime(values.start_time) &&
    isTime(values.end_time) &&
    values.start_time < values.end_time
      ? {
          service: loaded.service,
          town: loaded.town,
          date: values.assignment_date,
          startTime: values.start_time,
          endTime: values.end_time,
          excludeAssignmentId: loaded.assignment_id,
        }
      : undefined

  const errorText = (field: Field, error: FieldError | undefined): string | undefined => {
    if (!error) return undefined
    if (error.type === 'server' && error.message) return error.message
    if (error.type === 'custom' && field === 'end_time') return t('schedule.errors.endOrder')
    if (error.type === 'custom' && field === 'completion_date') return t('schedule.errors.completionOrder')
    switch (field) {
      case 'worker_id':
        return t('schedule.errors.workerId')
      case 'assignment_date':
        return t('schedule.errors.date')
      case 'start_time':
      case 'end_time':
        return t('schedule.errors.time')
      case 'completion_date':
        return t('schedule.errors.completionDate')
      case 'reason':
        return t('update.errors.reason')
      default:
        return t('schedule.errors.choose')
    }
  }
  const err = (field: Field) => errorText(field, formState.errors[field] as FieldError | undefined)

  const handleChooseAssignment = (value: string) => {
    setSaved(null)
    setFailure(null)
    const id = Number(value)
    if (value === '' || value === NONE || !Number.isInteger(id)) {
      setSelected(undefined)
      reset(blank)
      return
    }
    setSelected(id)
  }

  const onSubmit = handleSubmit(
    async (body) => {
      setSaved(null)
      setFailure(null)
      if (isOverride && !body.reason) {
        setError('reason', { type: 'too_small' })
        setFailure(t('schedule.fixFields'))
        return
      }
      // The seed's form: times HH:MM:SS (the schema appended ':00'), worker_id an integer.
      const send: AssignmentUpdateBody = isOverride ? body : { ...body, reason: undefined }
      try {
        const answer = await update.mutateAsync(send)
        setSaved(t('update.saved', { id: answer.assignment_id, status: t(`status.${answer.status}`) }))
        await details.refetch()
      } catch (error) {
        setFailure(failureText(t, error))
        for (const issue of fieldIssues(error)) {
          const path = issue.path === 'workerId' ? 'worker_id' : issue.path
          if ((FIELDS as readonly string[]).includes(path))
            setError(path as Field, { type: 'server', message: fieldIssueText(issue) })
        }
      }
    },
    () => setFailure(t('schedule.fixFields')),
  )

  return (
    <Stack gap="md" maw={720} className="assignments-scope">
      <div aria-live="polite" aria-atomic="true">
        {saved ? (
          <Alert color="green" role="status" title={t('update.savedTitle')}>
            {saved}
          </Alert>
        ) : null}
      </div>
      {failure ? (
        <Alert color="red" role="alert" title={t('update.failed')}>
          {failure}
        </Alert>
      ) : null}
      {assignments.isError ? (
        <Alert color="red" role="alert" title={t('update.listFailed')}>
          {failureText(t, assignments.error)}
        </Alert>
      ) : null}

      <form onSubmit={onSubmit} noValidate aria-label={t('update.formLabel')}>
        <Stack gap="sm">
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <NativeSelect
              label={t('fields.assignmentId')}
              value={selected === undefined ? (rows.length ? '' : NONE) : String(selected)}
              onChange={(e) => handleChooseAssignment(e.currentTarget.value)}
              disabled={assignments.isPending}
              data={
                rows.length === 0
                  ? [{ value: NONE, label: assignments.isPending ? t('loading') : t('update.noAssignments') }]
                  : [
                      { value: '', label: t('update.selectAssignment') },
                      ...rows.map(({ assignmentId: id, taskName: name }) => ({
                        value: String(id),
                        label: t('update.assignmentOption', { id, name }),
                      })),
                    ]
              }
            />
            <NativeSelect
              label={t('fields.taskId')}
              disabled={taskIds.isPending}
              {...register('task_id')}
              error={err('task_id')}
              data={
                tasks.length === 0
                  ? [{ value: NONE, label: taskIds.isPending ? t('loading') : t('update.noTasks') }]
                  : [
                      { value: '', label: t('update.selectTask') },
                      ...tasks.map(({ taskId: id, taskName: name }) => ({
                        value: String(id),
                        label: t('update.taskOption', { id, name }),
                      })),
                    ]
              }
            />
          </SimpleGrid>
          {selected !== undefined && details.isPending ? (
            <Alert color="gray">{t('update.loadingAssignment')}</Alert>
          ) : null}
          {details.isError ? (
            <Alert color="red" role="alert" title={t('update.loadFailed')}>
              {failureText(t, details.error)}
            </Alert>
          ) : null}
          <TextInput
            label={t('fields.workerId')}
            placeholder={t('placeholders.workerId')}
            inputMode="numeric"
            {...register('worker_id')}
            error={err('worker_id')}
          />
          {loaded ? (
            <WorkerPicker
              query={slot}
              selectedId={Number.isInteger(typedId) && typedId > 0 ? typedId : undefined}
              onPick={(id) => {
                setValue('worker_id', String(id), { shouldValidate: true, shouldDirty: true })
                setFocus('worker_id')
              }}
            />
          ) : null}
          <Textarea
            label={t('fields.serviceDesc')}
            placeholder={t('placeholders.serviceDesc')}
            rows={3}
            {...register('service_desc')}
            error={err('service_desc')}
          />
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput
              type="date"
              label={t('fields.assignmentDate')}
              {...register('assignment_date')}
              error={err('assignment_date')}
            />
            <TextInput
              type="date"
              label={t('fields.completionDate')}
              {...register('completion_date')}
              error={err('completion_date')}
            />
            <TextInput
              type="time"
              label={t('fields.startTime')}
              {...register('start_time')}
              error={err('start_time')}
            />
            <TextInput type="time" label={t('fields.endTime')} {...register('end_time')} error={err('end_time')} />
          </SimpleGrid>
          <NativeSelect
            label={t('fields.status')}
            description={current ? t('update.statusHint', { status: t(`status.${current}`) }) : undefined}
            {...register('status')}
            error={err('status')}
            data={[
              { value: '', label: t('update.selectStatus') },
              ...statusOptions.map((s) => ({
                value: s,
                label: s === current ? t('update.keepStatus', { status: t(`status.${s}`) }) : t(`status.${s}`),
              })),
            ]}
          />
          {isOverride ? (
            <Textarea
              label={t('update.reason')}
              description={t('update.reasonHint')}
              withAsterisk
              {...register('reason', { shouldUnregister: true })}
              error={err('reason')}
            />
          ) : null}
          <Group>
            <Button type="submit" loading={update.isPending} disabled={!loaded}>
              {t('update.submit')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Stack>
  )
}
