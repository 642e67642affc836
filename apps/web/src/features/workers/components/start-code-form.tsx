import { START_CODE_MAX_TRIES } from '@townworks/contract/constants'
import type { MyJobWithEarning } from '@townworks/contract'
import { useEffect, useRef, useState, type FormEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { apiFailure } from '../../../lib/api-error-text'
import { ApiError } from '../../../lib/api-client'
import { newIdempotencyKey } from '../../../lib/idempotency-key'
import { useOutbox } from '../../../lib/offline/outbox'
import { useSession } from '../../../lib/session'
import { useStartTask } from '../api/start-task'
import { JOB_OUTBOX_KIND, noSignal, type JobAction, type JobQueueItem } from '../model/job-queue'
import { describeMyJobsError } from './error-text'
import { queueJobAction, retryJobAction, savedText } from './job-queue'

const CODE = /^\d{4}$/

/** The digits as the server reads them: a phone set to Hindi or Telugu may type ४८२१ or ౪౮౨౧. */
const asciiDigits = (text: string) =>
  text.trim().replace(/[\u0966-\u096f\u0c66-\u0c6f]/g, (d) => String(d.charCodeAt(0) - (d < '\u0c66' ? 0x966 : 0xc66)))

export interface StartCodeFormProps {
  job: MyJobWithEarning
  /** The job's title as its card shows it. */
  title: string
  /**
   * The work started: the screen says so (the list is being read again); or, with no signal, the start
   * is kept on the phone to go later (issue 23), and `kept` says so.
   */
  onStarted: (kept?: string) => void
  /** The wrong codes used up the tries: the card says the office will call. */
  onUsedUp: () => void
  onCancel: () => void
}

/**
 * "Start work" with the customer's 4-digit start code (issue 21), in place in the job's card: one
 * large numeric box, a hint, Start work and Cancel. Loaded on the tap (job-card.tsx), its words the
 * `myJobsMore` namespace: no part of the screen's first paint. What was typed is kept whatever the answer.
 */
export function StartCodeForm({ job, title, onStarted, onUsedUp, onCancel }: StartCodeFormProps) {
  const { t } = useTranslation('myJobsMore')
  const { t: tJobs } = useTranslation('myJobs')
  const start = useStartTask()
  const owner = useSession().user ?? ''
  // This job's actions on the phone (issue 23): while any waits or was refused, the start joins them.
  const queued = useOutbox(owner, { kind: JOB_OUTBOX_KIND, subject: job.task_id }) as JobQueueItem[]
  const [code, setCode] = useState('')
  const [problem, setProblem] = useState<string | null>(null)
  const input = useRef<HTMLInputElement>(null)
  // A second press while the first is on its way is ignored (the state may not have re-rendered yet).
  const sending = useRef(false)
  const id = `job-${job.assignment_id}-code`
  const triesLeft = job.start_code?.tries_left ?? START_CODE_MAX_TRIES

  // The form opens with the box ready for the digits.
  useEffect(() => input.current?.focus(), [])

  const refuse = (text: string) => {
    setProblem(text)
    input.current?.focus()
  }

  const handleSubmit = async (event: FormEvent) => {
    event.preventDefault()
    if (sending.current) return
    const typed = asciiDigits(code)
    if (!CODE.test(typed)) return refuse(t('startCode.format'))
    sending.current = true
    setProblem(null)
    const action: JobAction = { do: 'start', taskId: job.task_id, code: typed, from: job.status, title }
    const key = newIdempotencyKey('sc')
    const keep = async () => {
      // A start refused for a wrong code is sent again in its place, before what waits behind it.
      const refused = queued.find((i) => i.state === 'refused' && i.payload.do === 'start')
      if (refused) await retryJobAction(refused, action)
      else await queueJobAction(owner, action, key)
      onStarted(savedText(title))
    }
    try {
      if (!navigator.onLine || queued.length > 0) return await keep()
      await start.mutateAsync({
        taskId: job.task_id,
        start_code: typed,
        expected_status: job.status,
        idempotencyKey: key,
      })
      onStarted()
    } catch (error) {
      if (noSignal(error)) return await keep()
      const failure = apiFailure(error)
      if (failure === 'CODE_TRIES_USED') return onUsedUp()
      if (failure === 'CODE_WRONG') {
        const left = error instanceof ApiError ? error.details.tries_left : undefined
        return refuse(t('startCode.wrong', { count: typeof left === 'number' ? left : Math.max(0, triesLeft - 1) }))
      }
      if (failure === 'VALIDATION_FAILED') return refuse(t('startCode.format'))
      // Moved meanwhile, gone, no answer…: the screen's words for it, in this form's sentence.
      refuse(t('startCode.failed', { message: describeMyJobsError(error, tJobs, tJobs('errors.jobNotFound')) }))
    } finally {
      sending.current = false
    }
  }

  const busy = start.isPending
  return (
    <form
      className="job__start"
      aria-label={t('startCode.formLabel', { task: title })}
      onSubmit={(e) => void handleSubmit(e)}
      noValidate
    >
      <label htmlFor={id} className="job__start-label">
        {t('startCode.label')}
      </label>
      <p id={`${id}-hint`} className="job__start-hint">
        {t('startCode.hint')}
        {triesLeft < START_CODE_MAX_TRIES ? ` ${t('startCode.triesLeft', { count: triesLeft })}` : null}
      </p>
      <input
        ref={input}
        id={id}
        className="job__start-input"
        type="text"
        inputMode="numeric"
        autoComplete="one-time-code"
        pattern="[0-9]*"
        maxLength={4}
        value={code}
        onChange={(e) => setCode(e.target.value)}
        aria-invalid={problem ? true : undefined}
        aria-describedby={problem ? `${id}-hint ${id}-error` : `${id}-hint`}
      />
      <div aria-live="polite">
        {problem ? (
          <p id={`${id}-error`} className="workers-form__error">
            {problem}
          </p>
        ) : null}
      </div>
      <div className="job__actions">
        <button
          type="submit"
          className="button jobs__button button--primary"
          aria-busy={busy || undefined}
          aria-disabled={busy || undefined}
        >
          {busy ? t('startCode.submitting') : t('startCode.submit')}
        </button>
        <button type="button" className="button jobs__button" onClick={onCancel}>
          {t('startCode.cancel')}
        </button>
      </div>
    </form>
  )
}
