import type { AssignmentForm, AssignmentUpdateBody, AssignmentUpdateInput, JobSummary } from '@townworks/contract'
import {
  actorsForRole,
  canTransition,
  nextStatuses,
  TASK_STATUSES,
  type TaskStatus,
} from '@townworks/contract/constants'
import type { TFunction } from 'i18next'
import { useEffect, useState } from 'react'
import { useForm, useWatch, type FieldError } from 'react-hook-form'
import { useTranslation } from 'react-i18next'
import { lazyResolver } from '../../../lib/lazy-resolver'
import { useSession } from '../../../lib/session'
import { useTaskDetails } from '../api/get-task-details'
import { useTaskStatuses } from '../api/get-task-statuses'
import { useUpdateAssignment } from '../api/update-assignment'
import { isDay, isTime } from '../model/dates'
import { failureText, fieldIssues } from '../model/failure'
import { fieldIssueText } from '../../../lib/field-issue-text'
import { useStatusLabel } from '../../../lib/status-labels'

/** The contract's update schema, imported when the form first checks a field (decision 055). */
const updateResolver = lazyResolver<AssignmentUpdateInput, AssignmentUpdateBody>(() =>
  import('../../../lib/form-resolvers').then((m) => m.assignmentUpdateResolver),
)

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

/** A field's problem in the person's language: the server's words for its own checks, ours for the schema's. */
function errorText(t: TFunction<'assignments'>, field: Field, error: FieldError | undefined): string | undefined {
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

/** The slot to find free workers for, once the form names a whole one. */
function slotOf(loaded: AssignmentForm | undefined, values: Partial<AssignmentUpdateInput>) {
  return loaded?.service &&
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
}

/**
 * Update Task Assignment's state: the chosen assignment (as the picker named it) and its details, the
 * form (the contract's schema), what the status may become for this user (an admin's override
 * needs a reason), the free-worker query for the slot, and saving.
 */
// One form's state kept in one place: react-hook-form's handles, the queries and the derived status
// choices are shared by every part of the form, so splitting this further would only pass them around.
export function useAssignmentUpdateForm(initialAssignmentId: number | undefined) {
  const { t } = useTranslation('assignments')
  const statusName = useStatusLabel()
  const { role } = useSession()
  const statuses = useTaskStatuses()
  const update = useUpdateAssignment()
  const [selected, setSelected] = useState<number | undefined>(initialAssignmentId)
  const [chosen, setChosen] = useState<JobSummary | undefined>(undefined)
  const details = useTaskDetails(selected)
  const [saved, setSaved] = useState<string | null>(null)
  const [failure, setFailure] = useState<string | null>(null)

  const { register, handleSubmit, control, formState, reset, setError, setValue } = useForm<
    AssignmentUpdateInput,
    unknown,
    AssignmentUpdateBody
  >({ resolver: updateResolver, defaultValues: blank, mode: 'onTouched' })
  const values = useWatch({ control })
  // Fetched once the form is on screen, so the first check rarely waits for it.
  useEffect(() => updateResolver.preload(), [])

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
  // The office starting the work: the customer's start code was not used, so the workflow keeps why (issue 21).
  const startsWithoutCode = current === 'assigned' && chosenStatus === 'work_inprogress'
  const needsReason = isOverride || startsWithoutCode

  const slot = slotOf(loaded, values)

  const err = (field: Field) => errorText(t, field, formState.errors[field] as FieldError | undefined)

  const handleChooseAssignment = (id: number | undefined, summary: JobSummary | undefined) => {
    setSaved(null)
    setFailure(null)
    setChosen(summary)
    setSelected(id)
    if (id === undefined) reset(blank)
  }

  /** The worker the assignment has now, named by the picker's row (or the form, after a save). */
  const currentWorker =
    loaded && chosen?.assignment_id === loaded.assignment_id && chosen.worker_id !== null && chosen.worker_name
      ? { id: chosen.worker_id, name: chosen.worker_name }
      : undefined

  /** Set a field from a picker, as typing would. */
  const choose = (field: 'task_id' | 'worker_id', value: string) =>
    setValue(field, value, { shouldValidate: true, shouldDirty: true })

  const onSubmit = handleSubmit(
    async (body) => {
      setSaved(null)
      setFailure(null)
      if (needsReason && !body.reason) {
        setError('reason', { type: 'too_small' })
        setFailure(t('schedule.fixFields'))
        return
      }
      // The seed's form: times HH:MM:SS (the schema appended ':00'), worker_id an integer.
      const send: AssignmentUpdateBody = needsReason ? body : { ...body, reason: undefined }
      try {
        const answer = await update.mutateAsync(send)
        setSaved(t('update.saved', { id: answer.assignment_id, status: statusName(answer.status) }))
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
    () => {
      // A form that saved before says so no longer: the new problem is what counts now.
      setSaved(null)
      setFailure(t('schedule.fixFields'))
    },
  )

  return {
    t,
    update,
    selected,
    details,
    saved,
    failure,
    register,
    values,
    choose,
    chosen,
    currentWorker,
    loaded,
    current,
    statusOptions,
    isOverride,
    startsWithoutCode,
    needsReason,
    slot,
    err,
    handleChooseAssignment,
    onSubmit,
  }
}

/** What useAssignmentUpdateForm gives the form's parts. */
export type AssignmentUpdateFormState = ReturnType<typeof useAssignmentUpdateForm>
