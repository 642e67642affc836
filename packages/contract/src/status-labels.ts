// The one map of status names people read: every screen (through the web's useStatusLabel) and every
// message (the API's templates) name a task status or a request state from here, never by its wire
// value. No zod: the web's screens import it without paying for zod. Decision 030.
import { REQUEST_STATES, TASK_STATUSES, type Language, type TaskStatus } from './constants'

type RequestState = (typeof REQUEST_STATES)[number]

/** A status a person may read: a task's status, or a request's state before it has a task. */
export type ReadableStatus = TaskStatus | RequestState

/** Short and simple, as a label or at the end of a message ("TW-000123 is now: Work paused"). */
export const STATUS_LABELS: Readonly<Record<Language, Readonly<Record<ReadableStatus, string>>>> = {
  en: {
    assigned: 'Assigned',
    work_inprogress: 'Work in progress',
    work_pending: 'Work paused',
    work_completed: 'Work completed',
    payment_pending: 'Payment due',
    payment_received: 'Payment received',
    paid_to_worker: 'Paid to worker',
    task_completed: 'Completed',
    cancelled: 'Cancelled',
    open: 'Received',
    scheduled: 'Scheduled',
    rejected: 'Not possible',
  },
  te: {
    assigned: 'అప్పగించారు',
    work_inprogress: 'పని జరుగుతోంది',
    work_pending: 'పని ఆగింది',
    work_completed: 'పని పూర్తయింది',
    payment_pending: 'చెల్లింపు రావాలి',
    payment_received: 'చెల్లింపు అందింది',
    paid_to_worker: 'కార్మికుడికి చెల్లించాం',
    task_completed: 'పూర్తయింది',
    cancelled: 'రద్దయింది',
    open: 'అందింది',
    scheduled: 'షెడ్యూల్ అయింది',
    rejected: 'సాధ్యం కాదు',
  },
  hi: {
    assigned: 'सौंपा गया',
    work_inprogress: 'काम चल रहा है',
    work_pending: 'काम रुका है',
    work_completed: 'काम पूरा हुआ',
    payment_pending: 'भुगतान बाकी',
    payment_received: 'भुगतान मिल गया',
    paid_to_worker: 'कारीगर को भुगतान हुआ',
    task_completed: 'पूरा हुआ',
    cancelled: 'रद्द',
    open: 'मिल गया',
    scheduled: 'शेड्यूल हो गया',
    rejected: 'संभव नहीं',
  },
}

/** Every status a person may read, tasks' first. */
export const READABLE_STATUSES: readonly ReadableStatus[] = [...TASK_STATUSES, ...REQUEST_STATES]

/** A status in a language; an unknown language reads English, an unknown value is returned as it came. */
export function statusLabel(status: ReadableStatus, language: string | undefined): string {
  const labels = STATUS_LABELS[(language && language in STATUS_LABELS ? language : 'en') as Language]
  return labels[status] ?? status
}
