import type { JobTask } from '@townworks/contract'
import { TASK_STATUSES, type TaskStatus } from '@townworks/contract/constants'
import { useId, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { describeApiError } from '../../../lib/api-error-text'
import { Link } from '../../../lib/router'
import { useUpdateStatus } from '../../../lib/shared-api/tasks'
import { courseIndex, JOB_COURSE } from '../model/job-text'
import { JobSection } from './job-section'
import { useStatusLabel } from '../../../lib/status-labels'

/**
 * The status as a stepper of the job's usual course, the legal next steps (the status machine's,
 * for this caller's role) as buttons, and for an admin any other status with a reason.
 */
export function JobStatusPanel({ task }: { task: JobTask }) {
  const { t } = useTranslation('jobs')
  const statusName = useStatusLabel()
  const update = useUpdateStatus()
  const [done, setDone] = useState<string | null>(null)
  const move = (status: TaskStatus, reason?: string) => {
    setDone(null)
    update.mutate(
      { taskId: task.id, status, expected_status: task.status, ...(reason ? { reason } : {}) },
      { onSuccess: () => setDone(t('status.moved', { status: statusName(status) })) },
    )
  }
  return (
    <JobSection title={t('status.heading')}>
      <StatusStepper status={task.status} />
      <MoneyStep task={task} />
      {task.next_statuses.length > 0 ? (
        <div className="job-status__next" role="group" aria-label={t('status.next')}>
          {task.next_statuses.map((status) => (
            <button
              key={status}
              type="button"
              className={status === 'cancelled' ? 'button' : 'button button--primary'}
              disabled={update.isPending}
              onClick={() => move(status)}
            >
              {t(`status.move.${status}`)}
            </button>
          ))}
        </div>
      ) : MONEY_STEPS[task.status] ? null : (
        <p className="job-muted">{t('status.noNext')}</p>
      )}
      <div role="status" aria-live="polite">
        {done ? <p className="job-saved">{done}</p> : null}
      </div>
      {update.isError ? (
        <p role="alert" className="job-change__failure">
          {describeApiError(update.error)}
        </p>
      ) : null}
      {task.override_available ? (
        <StatusOverride current={task.status} pending={update.isPending} onSet={move} />
      ) : null}
    </JobSection>
  )
}

/**
 * The next step of a job waiting for money is recording the money, on Payouts (decision 023): a
 * status button would say money moved when none is recorded.
 */
const MONEY_STEPS: Partial<Record<TaskStatus, { text: 'recordPayment' | 'payWorker'; href: (id: number) => string }>> =
  {
    payment_pending: { text: 'recordPayment', href: (id) => `/payouts?task=${id}` },
    payment_received: { text: 'payWorker', href: () => '/payouts' },
  }

function MoneyStep({ task }: { task: JobTask }) {
  const { t } = useTranslation('jobs')
  const step = MONEY_STEPS[task.status]
  if (!step) return null
  return (
    <p className="job-status__money-step">
      {t(`status.moneyStep.${step.text}.text`)}{' '}
      <Link to={step.href(task.id)}>{t(`status.moneyStep.${step.text}.link`)}</Link>
    </p>
  )
}

function StatusStepper({ status }: { status: TaskStatus }) {
  const { t } = useTranslation('jobs')
  const statusName = useStatusLabel()
  const at = courseIndex(status)
  return (
    <>
      {status === 'cancelled' || status === 'work_pending' ? (
        <p className="job-status__aside">{t(`status.aside.${status}`)}</p>
      ) : null}
      <ol className="job-stepper" aria-label={t('status.course')}>
        {JOB_COURSE.map((step, index) => {
          const state = at < 0 ? 'todo' : index < at ? 'done' : index === at ? 'current' : 'todo'
          return (
            <li
              key={step}
              className={`job-stepper__step job-stepper__step--${state}`}
              aria-current={state === 'current' ? 'step' : undefined}
            >
              <span className="job-stepper__dot" aria-hidden="true">
                {state === 'done' ? '✓' : index + 1}
              </span>
              <span className="job-stepper__label">
                {statusName(step)}
                {state === 'done' ? <span className="visually-hidden"> ({t('status.stepDone')})</span> : null}
              </span>
            </li>
          )
        })}
      </ol>
    </>
  )
}

/** An admin's override: any other status, with the reason the workflow record keeps. */
function StatusOverride({
  current,
  pending,
  onSet,
}: {
  current: TaskStatus
  pending: boolean
  onSet: (status: TaskStatus, reason: string) => void
}) {
  const { t } = useTranslation('jobs')
  const statusName = useStatusLabel()
  const ids = { status: useId(), reason: useId() }
  const [status, setStatus] = useState<TaskStatus | ''>('')
  const [reason, setReason] = useState('')
  const [problem, setProblem] = useState<string | null>(null)
  return (
    <details className="job-override">
      <summary>{t('status.override.open')}</summary>
      <form
        className="job-change"
        noValidate
        onSubmit={(event) => {
          event.preventDefault()
          if (!status) return setProblem(t('status.override.pickStatus'))
          if (reason.trim().length < 3) return setProblem(t('status.override.giveReason'))
          setProblem(null)
          onSet(status, reason.trim())
        }}
      >
        <div className="job-change__field">
          <label htmlFor={ids.status}>{t('status.override.status')}</label>
          <select id={ids.status} value={status} onChange={(event) => setStatus(event.target.value as TaskStatus)}>
            <option value="">{t('status.override.choose')}</option>
            {TASK_STATUSES.filter((s) => s !== current).map((s) => (
              <option key={s} value={s}>
                {statusName(s)}
              </option>
            ))}
          </select>
        </div>
        <div className="job-change__field">
          <label htmlFor={ids.reason}>{t('status.override.reason')}</label>
          <textarea
            id={ids.reason}
            value={reason}
            maxLength={500}
            rows={2}
            onChange={(e) => setReason(e.target.value)}
          />
        </div>
        {problem ? (
          <p role="alert" className="job-change__error">
            {problem}
          </p>
        ) : null}
        <button type="submit" className="button" disabled={pending}>
          {t('status.override.submit')}
        </button>
      </form>
    </details>
  )
}
