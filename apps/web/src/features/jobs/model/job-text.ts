import type { MoneyState, TaskStatus } from '@townworks/contract/constants'
import type { TFunction } from 'i18next'
import { isApiError } from '../../../lib/api-client'
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

/** The other booking's hours from a clash's refusal (`details.clash`), as HH:MM, when the server named them. */
function clashHours(error: unknown): { start: string; end: string } | undefined {
  const clash = isApiError(error) ? error.details.clash : undefined
  if (typeof clash !== 'object' || clash === null) return undefined
  const { startTime, endTime } = clash as { startTime?: unknown; endTime?: unknown }
  if (typeof startTime !== 'string' || typeof endTime !== 'string') return undefined
  return { start: startTime.slice(0, 5), end: endTime.slice(0, 5) }
}

/**
 * A refused change of worker or time, in the reader's language: a clash names the worker and the
 * other booking's hours ("Ravi Kumar is already booked 14:00–16:00 that day"); other refusals use
 * the shared API error words.
 */
export function assignmentFailureText(t: TFunction<'jobs'>, error: unknown, workerName: string): string {
  return describeApiError(error, {
    DOUBLE_BOOKING: (e) => {
      const hours = clashHours(e)
      return hours ? t('change.clashAt', { name: workerName, ...hours }) : t('change.clash', { name: workerName })
    },
    CONFLICT: () => t('change.notFree', { name: workerName }),
  })
}

/** Words for a money state: never "owes" unless the customer has paid part and still owes the rest. */
export function moneyStateKey(state: MoneyState): `money.state.${MoneyState}` {
  return `money.state.${state}`
}
