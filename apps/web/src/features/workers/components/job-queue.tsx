import type { TaskStatus } from '@townworks/contract/constants'
import type { MyJobWithEarning } from '@townworks/contract'
import { useQueryClient } from '@tanstack/react-query'
import { useEffect, useRef, useState, useSyncExternalStore } from 'react'
import { useTranslation } from 'react-i18next'
import { i18n } from '../../../lib/i18n'
import { formatMoney } from '../../../lib/format'
import { useCopySavedAt } from '../../../lib/offline/device-copy'
import {
  dismissOutboxItem,
  outboxItems,
  refusalError,
  useOutbox,
  type OutboxRefusal,
} from '../../../lib/offline/outbox'
import { newIdempotencyKey } from '../../../lib/idempotency-key'
import { workersKeys } from '../../../lib/query-keys'
import { apiFailure } from '../../../lib/api-error-text'
import { jobOutbox, refreshOnSend } from '../api/job-outbox'
import { actionFor } from '../model/my-job'
import {
  cashOwed,
  expectedStatus,
  isWaiting,
  JOB_OUTBOX_KIND,
  noSignal,
  shownJob,
  type JobAction,
  type JobQueueItem,
} from '../model/job-queue'
import { jobTitle } from '../model/my-job'
import { useNames } from '../../../lib/names'
import { describeMyJobsError } from './error-text'
import './job-queue.css'

/**
 * My jobs with a weak signal (issue 23): the bar above the jobs (offline, when the list shown was
 * loaded, how many actions wait), each card's "Waiting to send" and "Not sent" notes, and the queueing
 * of an action the network could not take. Loaded once the jobs are drawn (my-jobs-screen.tsx), with
 * the `myJobsMore` words: no part of the screen's first paint.
 */

/** Keep an action on the phone, to go when there is signal (with the key its first try used, if any). */
export async function queueJobAction(owner: string, action: JobAction, key?: string): Promise<JobQueueItem> {
  return (await jobOutbox.add(owner, action.taskId, action, key)) as JobQueueItem
}

/**
 * A move from the card (Pause, Resume, Completed…): sent with its key (`send`), or kept on the phone when
 * there is no signal, or when this job's earlier actions still wait (it joins them, in order). Resolves
 * to what the screen says of a kept action, or undefined when it went.
 */
export async function move(
  owner: string,
  job: MyJobWithEarning,
  to: TaskStatus,
  title: string,
  send: (idempotencyKey: string) => Promise<unknown>,
): Promise<string | undefined> {
  const action: JobAction = { do: 'move', taskId: job.task_id, to, from: job.status, title }
  // One key for the call and, should the network not take it, for its place in the phone's queue.
  const key = newIdempotencyKey('mv')
  const keep = async () => {
    await queueJobAction(owner, action, key)
    return savedText(title)
  }
  const earlier = (await outboxItems(owner)).some(
    (i) => i.kind === JOB_OUTBOX_KIND && i.subject === String(job.task_id),
  )
  if (!navigator.onLine || earlier) return keep()
  try {
    await send(key)
    return undefined
  } catch (error) {
    if (noSignal(error)) return keep()
    throw error
  }
}

/** A refused start sent again with the code typed again: it keeps its place before what waits behind it. */
export async function retryJobAction(item: JobQueueItem, action: JobAction): Promise<void> {
  await jobOutbox.retry(item, action)
}

/** What the screen says when an action was kept on the phone. */
export const savedText = (task: string) => i18n.t('myJobsMore:queue.saved', { task })

function subscribeOnline(listener: () => void) {
  window.addEventListener('online', listener)
  window.addEventListener('offline', listener)
  return () => {
    window.removeEventListener('online', listener)
    window.removeEventListener('offline', listener)
  }
}

/** Whether the browser says it has a network. */
export function useOnline(): boolean {
  return useSyncExternalStore(
    subscribeOnline,
    () => navigator.onLine,
    () => true,
  )
}

/** HH:MM in India's time (a 24-hour clock reads the same in all three languages). */
function clockTime(at: number): string {
  return new Intl.DateTimeFormat('en-GB', {
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
    timeZone: 'Asia/Kolkata',
  }).format(at)
}

/** "Last updated at 10:45", when the screen shows the device's copy (from lib/offline/device-copy.ts). */
export function savedAtText(at: number): string {
  return i18n.t('myJobsMore:queue.savedAt', { time: clockTime(at) })
}

/** One action in a few words: Start, Completed, Photo, Cash ₹500. */
function useActionName() {
  const { t, i18n: instance } = useTranslation(['myJobsMore', 'myJobs'])
  return (action: JobAction): string => {
    if (action.do === 'start') return t('myJobs:actions.start')
    if (action.do === 'photo') return t('queue.photo')
    if (action.do === 'cash')
      return t('queue.cash', { amount: formatMoney(action.amountPaise, instance.resolvedLanguage) })
    const move = actionFor(action.from, action.to)
    return move === 'complete' ? t('queue.completed') : t(`myJobs:actions.${move ?? 'resume'}`)
  }
}

/** Why the server refused it, in the worker's language. */
function useRefusalText() {
  const { t } = useTranslation(['myJobsMore', 'myJobs'])
  return (action: JobAction, refusal: OutboxRefusal): string => {
    const error = refusalError(refusal)
    const failure = apiFailure(error)
    if (refusal.details?.current === 'cancelled') return t('queue.cancelled')
    // A worker's own job that reads as missing: cancelled, or given to another worker.
    if (failure === 'NOT_FOUND' || failure === 'FORBIDDEN') return t('queue.gone')
    if (failure === 'CODE_WRONG') {
      const left = refusal.details?.tries_left
      return `${t('startCode.wrong', { count: typeof left === 'number' ? left : 0 })} ${t('queue.typeAgain')}`
    }
    if (failure === 'CODE_TRIES_USED') return t('myJobs:startCode.usedUp')
    if (action.do === 'photo' && failure === 'PAYLOAD_TOO_LARGE') return t('photos.tooBig')
    const reason = error.details.reason
    if (action.do === 'photo' && reason === 'photos_full') return t('photos.full', { max: 5 })
    if (action.do === 'photo' && reason === 'photos_closed') return t('photos.closed')
    return describeMyJobsError(error, t as never, t('myJobs:errors.jobNotFound'))
  }
}

export interface JobsQueueBarProps {
  owner: string
  /** The jobs listed: a refusal of a job no longer listed (cancelled) is shown here, not on a card. */
  jobs: readonly MyJobWithEarning[]
  /** Each listed job with actions on the phone, as it will be once they are sent (the status they lead to). */
  onQueued: (queued: Record<number, MyJobWithEarning>) => void
}

/**
 * Above the jobs (role=status): "You are offline", "Last updated at 10:45" when the list is the device's
 * copy, and "2 actions waiting to send — they go when you have signal"; below, what was refused for a
 * job that is no longer listed.
 */
export function JobsQueueBar({ owner, jobs, onQueued }: JobsQueueBarProps) {
  const { t } = useTranslation('myJobsMore')
  const online = useOnline()
  const savedAt = useCopySavedAt(owner, workersKeys.myJobs())
  const items = useOutbox(owner, { kind: JOB_OUTBOX_KIND }) as JobQueueItem[]
  const client = useQueryClient()
  useEffect(() => refreshOnSend(client), [client])

  // The status each task will have: the cards show it (with "Waiting to send").
  const queued: Record<number, MyJobWithEarning> = {}
  for (const job of jobs) {
    const mine = items.filter((i) => i.subject === String(job.task_id))
    if (mine.length > 0) queued[job.task_id] = shownJob(job, expectedStatus(job.status, mine))
  }
  const key = JSON.stringify(queued)
  useEffect(() => onQueued(JSON.parse(key) as Record<number, MyJobWithEarning>), [key, onQueued])
  const listed = jobs.map((j) => j.task_id)

  const waiting = items.filter(isWaiting).length
  const gone = items.filter((i) => i.state === 'refused' && !listed.includes(Number(i.subject)))
  const lines = [
    !online || savedAt !== undefined ? t('queue.offline') : null,
    savedAt !== undefined ? savedAtText(savedAt) : null,
    waiting > 0 ? t('queue.waiting', { count: waiting }) : null,
  ].filter((line): line is string => line !== null)
  return (
    <>
      <div role="status" className={lines.length > 0 ? 'jobs__offline' : undefined}>
        {lines.length > 0 ? <p>{lines.join(' ')}</p> : null}
      </div>
      {gone.length > 0 ? (
        <ul className="jobs__list" aria-label={t('queue.notSentHeading')}>
          {gone.map((item) => (
            <li key={item.id}>
              <Refused item={item} withTitle />
            </li>
          ))}
        </ul>
      ) : null}
    </>
  )
}

/**
 * A card's actions still on the phone ("Waiting to send: Start, Completed, Photo") and those refused; and
 * on a finished job the customer pays in cash, "Cash received".
 */
export function JobQueueNote({ owner, job }: { owner: string; job: MyJobWithEarning }) {
  const { t } = useTranslation('myJobsMore')
  const name = useActionName()
  const items = useOutbox(owner, { kind: JOB_OUTBOX_KIND, subject: job.task_id }) as JobQueueItem[]
  const waiting = items.filter(isWaiting)
  const refused = items.filter((i) => i.state === 'refused')
  const owed = cashOwed(job)
  const status = expectedStatus(job.status, items)
  const cashOpen =
    owed !== null &&
    (status === 'work_completed' || status === 'payment_pending') &&
    !items.some((i) => i.payload.do === 'cash')
  if (items.length === 0 && !cashOpen) return null
  return (
    <div className="job__queue">
      {cashOpen ? <CashReceived owner={owner} job={job} owed={owed} /> : null}
      {waiting.length > 0 ? (
        <p className="job__waiting">
          <strong>{t('queue.mark')}</strong>: {waiting.map((i) => name(i.payload)).join(', ')}
        </p>
      ) : null}
      {refused.map((item) => (
        <Refused key={item.id} item={item} />
      ))}
    </div>
  )
}

/** "Not sent (Start): That is not the code…" with Got it, which takes it off the phone. */
function Refused({ item, withTitle = false }: { item: JobQueueItem; withTitle?: boolean }) {
  const { t } = useTranslation('myJobsMore')
  const name = useActionName()
  const reason = useRefusalText()
  const [busy, setBusy] = useState(false)
  const action = name(item.payload)
  const text = t('queue.notSent', { action, reason: reason(item.payload, item.refusal!) })
  return (
    <div className="job__notice job__refused" role="group" aria-label={t('queue.notSentLabel', { action })}>
      <p>{withTitle && item.payload.title ? `${item.payload.title}: ${text}` : text}</p>
      <button
        type="button"
        className="button jobs__button"
        disabled={busy}
        aria-label={t('queue.gotItLabel', { action })}
        onClick={() => {
          setBusy(true)
          void dismissOutboxItem(item.id)
        }}
      >
        {t('queue.gotIt')}
      </button>
    </div>
  )
}

/**
 * "Cash received" on a finished job the customer pays in cash: "Received ₹500 in cash?" with what is owed
 * now, then the payment goes through the phone's queue (at once when there is signal), with its own key.
 */
function CashReceived({ owner, job, owed }: { owner: string; job: MyJobWithEarning; owed: number }) {
  const { t, i18n: instance } = useTranslation('myJobsMore')
  const names = useNames()
  const [asking, setAsking] = useState(false)
  const [busy, setBusy] = useState(false)
  const question = useRef<HTMLParagraphElement>(null)
  const title = jobTitle(job, names.service)
  const amount = formatMoney(owed, instance.resolvedLanguage)
  const questionId = `job-${job.assignment_id}-cash`
  useEffect(() => {
    if (asking) question.current?.focus()
  }, [asking])
  if (!asking) {
    return (
      <div className="job__actions">
        <button
          type="button"
          className="button jobs__button button--primary"
          aria-label={t('cash.buttonLabel', { task: title })}
          onClick={() => setAsking(true)}
        >
          {t('cash.button')}
        </button>
      </div>
    )
  }
  return (
    <div className="job__confirm" role="group" aria-labelledby={questionId}>
      <p id={questionId} className="job__confirm-question" tabIndex={-1} ref={question}>
        {t('cash.question', { amount })}
      </p>
      <p className="job__confirm-note">{t('cash.note')}</p>
      <div className="job__actions">
        <button
          type="button"
          className="button jobs__button button--primary"
          disabled={busy}
          onClick={() => {
            setBusy(true)
            void queueJobAction(owner, { do: 'cash', taskId: job.task_id, amountPaise: owed, title }).finally(() =>
              setAsking(false),
            )
          }}
        >
          {t('cash.yes')}
        </button>
        <button type="button" className="button jobs__button" onClick={() => setAsking(false)}>
          {t('cash.no')}
        </button>
      </div>
    </div>
  )
}
