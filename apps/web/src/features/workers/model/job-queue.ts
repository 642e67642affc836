import type { TaskStatus } from '@townworks/contract/constants'
import type { MyJobWithEarning } from '@townworks/contract'
import { ApiError } from '../../../lib/api-client'
import type { OutboxItem } from '../../../lib/offline/outbox'

/**
 * What a worker did on a job while the phone had no signal (issue 23), kept in the device's outbox
 * (lib/offline/outbox.ts, subject = the task's id) until it is sent: a move of the status, a start with
 * the customer's code, a photo of the work (its bytes as a Blob), or the customer's cash.
 */
export type JobAction = (
  | { do: 'move'; taskId: number; to: TaskStatus; from: TaskStatus }
  | { do: 'start'; taskId: number; code: string; from: TaskStatus }
  | { do: 'photo'; taskId: number; name: string; photo: Blob }
  | { do: 'cash'; taskId: number; amountPaise: number }
) & {
  /** The job's title as its card showed it: a refusal of a job no longer listed (cancelled) names it. */
  title?: string
}

export type JobQueueItem = OutboxItem<JobAction>

/** The outbox's kind for every action on a worker's job: one kind, so a job's actions go in order. */
export const JOB_OUTBOX_KIND = 'worker-job'

/** Still to go: waiting, or on its way. */
export const isWaiting = (item: Pick<OutboxItem, 'state'>) => item.state === 'waiting' || item.state === 'sending'

/**
 * The status the job will have once what waits is sent: the server's, then each waiting move in order,
 * up to the first refusal (what comes after it waits for the worker to see it).
 */
export function expectedStatus(status: TaskStatus, items: readonly JobQueueItem[]): TaskStatus {
  let now = status
  for (const item of items) {
    if (item.state === 'refused') break
    if (!isWaiting(item)) continue
    const action = item.payload
    if (action.do === 'move') now = action.to
    else if (action.do === 'start') now = 'work_inprogress'
    else if (action.do === 'cash' && (now === 'work_completed' || now === 'payment_pending')) now = 'payment_received'
  }
  return now
}

/** The job as its card shows it while actions wait: the status they lead to, no start code once started. */
export function shownJob(job: MyJobWithEarning, status: TaskStatus | undefined): MyJobWithEarning {
  if (!status || status === job.status) return job
  return { ...job, status, start_code: status === 'assigned' ? job.start_code : null }
}

/**
 * What the customer owes in cash for a finished job, when the answer says (issue 23: the "Cash received"
 * button); null when it does not, or nothing is owed.
 */
export function cashOwed(job: MyJobWithEarning): number | null {
  const owed = job.cash_owed_paise
  return owed !== null && owed > 0 ? owed : null
}

/** Whether a call failed for want of a network (so its action waits on the phone) rather than a refusal. */
export function noSignal(error: unknown): boolean {
  return error instanceof ApiError ? error.kind === 'network' : !navigator.onLine
}
