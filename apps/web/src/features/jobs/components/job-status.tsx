import type { JobTask } from '@townworks/contract'
import { TASK_STATUSES, type TaskStatus } from '@townworks/contract/constants'
import { useEffect, useId, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { describeApiError } from '../../../lib/api-error-text'
import { Link } from '../../../lib/router'
import { useUpdateStatus } from '../../../lib/shared-api/tasks'
import { courseIndex, JOB_COURSE } from '../model/job-text'
import { JobSection } from './job-section'
import { useStatusLabel } from '../../../lib/status-labels'

export interface JobStatusPanelProps {
  task: JobTask
  /**
   * The task waits for its customer's start code (it came from a request, and no start with the code
   * is in its history, issue 21): the office starting the work says why the code was not used.
   */
  waitsForStartCode?: boolean
}

/**
 * The status as a stepper of the job's usual course, the legal next steps (the status machine's,
 * for this caller's role) as buttons, and for an admin any other status with a reason. Starting the
 * work of a job that waits for the customer's start code asks why it starts without it.
 */
export function JobStatusPanel({ task, waitsForStartCode = false }: JobStatusPanelProps) {
  const { t } = useTranslation('jobs')
  const statusName = useStatusLabel()
  const update = useUpdateStatus()
  const [done, setDone] = useState<string | null>(null)
  const [askingWhy, setAskingWhy] = useState(false)
  const startButton = useRef<HTMLButtonElement>(null)
  const startNeedsReason = waitsForStartCode && task.status === 'assigned'
  const move = (status: TaskStatus, reason?: string) => {
    setDone(null)
    update.mutate(
      { taskId: task.id, status, expected_status: task.status, ...(reason ? { reason } : {}) },
      {
        onSuccess: () => {
          setAskingWhy(false)
          setDone(t('status.moved', { status: statusName(status) }))
        },
      },
    )
  }
  const asksWhy = (status: TaskStatus) => startNeedsReason && status === 'work_inprogress'
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
              {...(asksWhy(status) ? { 'aria-expanded': askingWhy, ref: startButton } : {})}
              onClick={() => (asksWhy(status) ? setAskingWhy(true) : move(status))}
            >
              {t(`status.move.${status}`)}
            </button>
          ))}
        </div>
      ) : MONEY_STEPS[task.status] ? null : (
        <p className="job-muted">{t('status.noNext')}</p>
      )}
      {askingWhy && startNeedsReason ? (
        <StartWithoutCode
          pending={update.isPending}
          onStart={(reason) => move('work_inprogress', reason)}
          onCancel={() => {
            setAskingWhy(false)
            startButton.current?.focus()
          }}
        />
      ) : null}
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

/** The reason a status change carries into the history: one field for the override and for a start without the code. */
function ReasonField({
  id,
  label,
  hint,
  value,
  onChange,
  autoFocus = false,
}: {
  id: string
  label: string
  hint?: string | undefined
  value: string
  onChange: (value: string) => void
  autoFocus?: boolean
}) {
  const ref = useRef<HTMLTextAreaElement>(null)
  useEffect(() => {
    if (autoFocus) ref.current?.focus()
  }, [autoFocus])
  return (
    <div className="job-change__field">
      <label htmlFor={id}>{label}</label>
      {hint ? (
        <p id={`${id}-hint`} className="job-muted job-change__hint">
          {hint}
        </p>
      ) : null}
      <textarea
        ref={ref}
        id={id}
        value={value}
        maxLength={500}
        rows={2}
        required
        aria-describedby={hint ? `${id}-hint` : undefined}
        onChange={(e) => onChange(e.target.value)}
      />
    </div>
  )
}

/**
 * The office starts the work without the customer's start code (issue 21): the server accepts it and
 * keeps the reason in the history, so the office says why (at least 3 characters).
 */
function StartWithoutCode({
  pending,
  onStart,
  onCancel,
}: {
  pending: boolean
  onStart: (reason: string) => void
  onCancel: () => void
}) {
  const { t } = useTranslation('jobs')
  const id = useId()
  const [reason, setReason] = useState('')
  const [problem, setProblem] = useState<string | null>(null)
  return (
    <form
      className="job-change job-start-reason"
      aria-label={t('status.startWithoutCode.form')}
      noValidate
      onSubmit={(event) => {
        event.preventDefault()
        if (reason.trim().length < 3) return setProblem(t('status.override.giveReason'))
        setProblem(null)
        onStart(reason.trim())
      }}
    >
      <ReasonField
        id={id}
        label={t('status.startWithoutCode.reason')}
        hint={t('status.startWithoutCode.hint')}
        value={reason}
        onChange={setReason}
        autoFocus
      />
      {problem ? (
        <p role="alert" className="job-change__error">
          {problem}
        </p>
      ) : null}
      <div className="job-change__actions">
        <button type="submit" className="button button--primary" disabled={pending}>
          {t('status.startWithoutCode.submit')}
        </button>
        <button type="button" className="button" onClick={onCancel}>
          {t('status.startWithoutCode.cancel')}
        </button>
      </div>
    </form>
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
        <ReasonField id={ids.reason} label={t('status.override.reason')} value={reason} onChange={setReason} />
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
