import type { AssignmentUpdateBody, JobAssignment, JobResponse, WorkerSuggestionsQuery } from '@townworks/contract'
import { useState, type FormEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { useUpdateAssignment } from '../../../lib/shared-api/assignments'
import { assignmentFailureText } from '../model/job-text'

const hhmm = (time: string) => time.slice(0, 5)
const DAY = /^\d{4}-\d{2}-\d{2}$/
const TIME = /^([01]\d|2[0-3]):[0-5]\d(:[0-5]\d)?$/
const withSeconds = (time: string) => (time.length === 5 ? `${time}:00` : time)

/** The fields the form shows; the rest of the body comes from the job. */
export type ChangeField = 'assignment_date' | 'start_time' | 'end_time'
type Values = Record<ChangeField, string>

/**
 * The job page's change of worker or time. Its three fields are checked here by the contract's rules
 * for them (a day, two times, the end after the start) without zod or react-hook-form: either would
 * split the chunks /ts and /etass share and take them past the 200 kB route limit (decision 021);
 * the API checks the whole body again with AssignmentUpdateBodySchema. The free-worker suggestions
 * follow the chosen slot (this assignment's own slot is no clash), a refusal names the worker in
 * the way, and what was typed stays after a refusal.
 */
export function useChangeAssignment(job: JobResponse, assignment: JobAssignment, onDone: (saved?: string) => void) {
  const { t } = useTranslation('jobs')
  const update = useUpdateAssignment()
  const [values, setValues] = useState<Values>({
    assignment_date: assignment.date,
    start_time: hhmm(assignment.start_time),
    end_time: hhmm(assignment.end_time),
  })
  const [worker, setWorker] = useState({ id: assignment.worker_id, name: assignment.worker_name })
  const [errors, setErrors] = useState<Partial<Values>>({})

  const problems = (v: Values): Partial<Values> => {
    const found: Partial<Values> = {}
    if (!DAY.test(v.assignment_date)) found.assignment_date = t('change.errors.date')
    if (!TIME.test(v.start_time)) found.start_time = t('change.errors.time')
    if (!TIME.test(v.end_time)) found.end_time = t('change.errors.time')
    else if (!found.start_time && hhmm(v.end_time) <= hhmm(v.start_time)) found.end_time = t('change.errors.endOrder')
    return found
  }
  const complete = Object.keys(problems(values)).length === 0
  const slot: WorkerSuggestionsQuery | undefined =
    job.task.service && job.task.town && complete
      ? {
          service: job.task.service,
          town: job.task.town,
          date: values.assignment_date,
          startTime: hhmm(values.start_time),
          endTime: hhmm(values.end_time),
          excludeAssignmentId: assignment.assignment_id,
        }
      : undefined

  const submit = async (event: FormEvent) => {
    event.preventDefault()
    const found = problems(values)
    setErrors(found)
    if (Object.keys(found).length > 0) return
    const body: AssignmentUpdateBody = {
      assignment_id: assignment.assignment_id,
      task_id: job.task.id,
      worker_id: worker.id,
      service_desc: job.task.description,
      assignment_date: values.assignment_date,
      completion_date: assignment.completion_date,
      start_time: withSeconds(values.start_time),
      end_time: withSeconds(values.end_time),
      expected_status: job.task.status,
    }
    try {
      await update.mutateAsync(body)
      onDone(t('change.saved', { name: worker.name }))
    } catch {
      // The refusal is shown from update.error; the form keeps what was typed.
    }
  }

  return {
    values,
    set: (name: ChangeField, value: string) => setValues((v) => ({ ...v, [name]: value })),
    errors,
    slot,
    workerName: worker.name,
    pickedId: worker.id,
    pick: (id: number, name: string) => setWorker({ id, name }),
    submit,
    pending: update.isPending,
    failure: update.isError ? assignmentFailureText(t, update.error, worker.name) : undefined,
  }
}
