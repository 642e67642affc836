import { zodResolver } from '@hookform/resolvers/zod'
import {
  AssignmentUpdateBodySchema,
  type AssignmentUpdateBody,
  type AssignmentUpdateInput,
  type JobAssignment,
  type JobResponse,
  type WorkerSuggestionsQuery,
} from '@townworks/contract'
import { useState } from 'react'
import { useForm, useWatch } from 'react-hook-form'
import { useTranslation } from 'react-i18next'
import { fieldMessageText } from '../../../lib/api-error-text'
import { useUpdateAssignment } from '../../../lib/shared-api/assignments'
import { assignmentFailureText } from '../model/job-text'

const hhmm = (time: string) => time.slice(0, 5)

/** The whole PUT /api/assignmentupdate body from the job; the form shows only worker, day and hours. */
function initialValues(job: JobResponse, a: JobAssignment): AssignmentUpdateInput {
  return {
    assignment_id: a.assignment_id,
    task_id: job.task.id,
    worker_id: a.worker_id,
    service_desc: job.task.description,
    assignment_date: a.date,
    start_time: hhmm(a.start_time),
    end_time: hhmm(a.end_time),
    completion_date: a.completion_date ?? '',
    expected_status: job.task.status,
  }
}

/**
 * The job page's change of worker or time: the contract's schema checks the form, the free-worker
 * suggestions follow the chosen slot (this assignment's own slot is not a clash), and a refusal
 * names the worker in the way. What was typed stays after a refusal.
 */
export function useChangeAssignment(job: JobResponse, assignment: JobAssignment, onDone: (saved?: string) => void) {
  const { t } = useTranslation('jobs')
  const update = useUpdateAssignment()
  const [workerName, setWorkerName] = useState(assignment.worker_name)
  const form = useForm<AssignmentUpdateInput, unknown, AssignmentUpdateBody>({
    resolver: zodResolver(AssignmentUpdateBodySchema),
    defaultValues: initialValues(job, assignment),
  })
  const [date, start, end, workerId] = useWatch({
    control: form.control,
    name: ['assignment_date', 'start_time', 'end_time', 'worker_id'],
  })
  const pickedId = Number(workerId)
  const slot: WorkerSuggestionsQuery | undefined =
    job.task.service && job.task.town && date && start && end && start < end
      ? {
          service: job.task.service,
          town: job.task.town,
          date,
          startTime: hhmm(start),
          endTime: hhmm(end),
          excludeAssignmentId: assignment.assignment_id,
        }
      : undefined
  const submit = form.handleSubmit(async (body) => {
    try {
      await update.mutateAsync({ ...body, start_time: withSeconds(body.start_time), end_time: withSeconds(body.end_time) })
      onDone(t('change.saved', { name: workerName }))
    } catch {
      // The refusal is shown from update.error; the form keeps what was typed.
    }
  })

  const fieldError = (name: keyof AssignmentUpdateInput) =>
    fieldMessageText(form.formState.errors[name]?.message, name)

  return {
    form,
    slot,
    pickedId: Number.isInteger(pickedId) && pickedId > 0 ? pickedId : undefined,
    workerName,
    pick: (id: number, name: string) => {
      form.setValue('worker_id', id, { shouldDirty: true })
      setWorkerName(name)
    },
    submit,
    pending: update.isPending,
    failure: update.isError ? assignmentFailureText(t, update.error, workerName) : undefined,
    fieldError,
  }
}

function withSeconds(time: string): string {
  return time.length === 5 ? `${time}:00` : time
}
