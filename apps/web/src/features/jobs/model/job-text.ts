import type { MoneyState, TaskStatus } from '@townworks/contract/constants'
import type { TFunction } from 'i18next'
import { ApiError } from '../../../lib/api-client'
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

/** The clash the API describes in a DOUBLE_BOOKING answer's details: the other booking's times. */
function clashOf(error: ApiError): { startTime: string; endTime: string } | undefined {
  const clash = error.details?.clash as { startTime?: unknown; endTime?: unknown } | undefined
  if (typeof clash?.startTime !== 'string' || typeof clash.endTime !== 'string') return undefined
  return { startTime: clash.startTime, endTime: clash.endTime }
}

/**
 * A refused change of worker or time, in the reader's language: a clash names the worker and the
 * booking in the way ("Ravi Kumar is already booked 10:00–12:00 that day"); other refusals use
 * the shared API error words.
 */
export function assignmentFailureText(t: TFunction<'jobs'>, error: unknown, workerName: string): string {
  return describeApiError(error, {
    DOUBLE_BOOKING: (e) => {
      const clash = clashOf(e)
      return clash
        ? t('change.clash', { name: workerName, start: clash.startTime.slice(0, 5), end: clash.endTime.slice(0, 5) })
        : t('change.clashSomeTime', { name: workerName })
    },
    CONFLICT: () => t('change.notFree', { name: workerName }),
  })
}

/** Words for a money state: never "owes" unless the customer has paid part and still owes the rest. */
export function moneyStateKey(state: MoneyState): `money.state.${MoneyState}` {
  return `money.state.${state}`
}
