import type { JobAssignment, JobResponse } from '@townworks/contract'
import { useId } from 'react'
import { useTranslation } from 'react-i18next'
// This form is itself a lazy chunk: the picker comes with it, not as one more chunk.
import { WorkerPicker } from '../../../components/worker-picker/worker-picker'
import { MantineScope } from '../../../lib/mantine'
import { useChangeAssignment } from './use-change-assignment'

export interface ChangeAssignmentFormProps {
  job: JobResponse
  assignment: JobAssignment
  /** Closed: with the words to announce when it saved, without when cancelled. */
  onDone: (saved?: string) => void
}

/** Change the worker or the time of a job: day, hours, and a free worker for that slot. */
export function ChangeAssignmentForm({ job, assignment, onDone }: ChangeAssignmentFormProps) {
  const { t } = useTranslation('jobs')
  const change = useChangeAssignment(job, assignment, onDone)
  const ids = { date: useId(), start: useId(), end: useId() }
  const fields = [
    { id: ids.date, name: 'assignment_date', type: 'date', label: t('change.date') },
    { id: ids.start, name: 'start_time', type: 'time', label: t('change.start') },
    { id: ids.end, name: 'end_time', type: 'time', label: t('change.end') },
  ] as const
  return (
    <form className="job-change" noValidate onSubmit={(event) => void change.submit(event)}>
      <p className="job-change__worker">{t('change.worker', { name: change.workerName })}</p>
      <div className="job-change__fields">
        {fields.map((field) => {
          const error = change.errors[field.name]
          return (
            <div key={field.name} className="job-change__field">
              <label htmlFor={field.id}>{field.label}</label>
              <input
                id={field.id}
                type={field.type}
                aria-invalid={error ? true : undefined}
                aria-describedby={error ? `${field.id}-error` : undefined}
                value={change.values[field.name]}
                onChange={(event) => change.set(field.name, event.target.value)}
              />
              {error ? (
                <p id={`${field.id}-error`} className="job-change__error">
                  {error}
                </p>
              ) : null}
            </div>
          )
        })}
      </div>
      {/* The picker is drawn with Mantine; the rest of the job view is plain HTML. */}
      <MantineScope>
        <WorkerPicker query={change.slot} selectedId={change.pickedId} onPick={change.pick} />
      </MantineScope>
      {change.failure ? (
        <p role="alert" className="job-change__failure">
          {change.failure}
        </p>
      ) : null}
      <div className="job-change__actions">
        <button type="submit" className="button button--primary" disabled={change.pending}>
          {change.pending ? t('change.saving') : t('change.save')}
        </button>
        <button type="button" className="button" onClick={() => onDone()}>
          {t('change.cancel')}
        </button>
      </div>
    </form>
  )
}
