import type { MoneyState, TaskStatus } from '@townworks/contract/constants'
import type { TFunction } from 'i18next'
import { describeApiError } from '../../../lib/api-error-text'

/** The statuses of a job's usual course, in order: the stepper's steps (paused and cancelled are side states). */
export const JOB_COURSE: readonly TaskStatus[] = [
  'assigned',
  'work_inprogress',
  'work_completed',
  'payment_pending',
  'payment_received',
  'paid_to_worker',
  'task_completed',
]

/** Where a status sits on the course: a paused job stands at "in progress"; a cancelled one nowhere. */
export function courseIndex(status: TaskStatus): number {
  if (status === 'work_pending') return JOB_COURSE.indexOf('work_inprogress')
  return JOB_COURSE.indexOf(status)
}

/**
 * A refused change of worker or time, in the reader's language: a clash names the worker ("Ravi
 * Kumar is already booked at that time"); other refusals use the shared API error words. (The API's
 * `details.clash` also has the other booking's hours; reading it would add to every first load, and
 * the entry is where /ts meets its 200 kB limit: decision 021.)
 */
export function assignmentFailureText(t: TFunction<'jobs'>, error: unknown, workerName: string): string {
  return describeApiError(error, {
    DOUBLE_BOOKING: () => t('change.clash', { name: workerName }),
    CONFLICT: () => t('change.notFree', { name: workerName }),
  })
}

/** Words for a money state: never "owes" unless the customer has paid part and still owes the rest. */
export function moneyStateKey(state: MoneyState): `money.state.${MoneyState}` {
  return `money.state.${state}`
}
