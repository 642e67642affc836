import { z } from 'zod'
import type { Role } from './options'

/** Task statuses in the seed's order, plus the terminal `cancelled`. */
export const TASK_STATUSES = [
  'assigned',
  'work_inprogress',
  'work_pending',
  'work_completed',
  'payment_pending',
  'payment_received',
  'paid_to_worker',
  'task_completed',
  'cancelled',
] as const
export const TaskStatusSchema = z.enum(TASK_STATUSES)
export type TaskStatus = z.infer<typeof TaskStatusSchema>

/**
 * Who may take a transition. `worker` means the worker assigned to the task, `customer` the
 * customer whose request the task came from, `system` the platform itself (a payment provider's
 * confirmation, the automatic close after a payout). An admin may take every operator transition.
 */
export const ACTORS = ['customer', 'worker', 'operator', 'system'] as const
export type Actor = (typeof ACTORS)[number]

export interface Transition {
  readonly to: TaskStatus
  readonly by: readonly Actor[]
}

/** The one table of allowed status changes, read by the server and the client alike. */
export const TASK_TRANSITIONS: Readonly<Record<TaskStatus, readonly Transition[]>> = {
  assigned: [
    { to: 'work_inprogress', by: ['worker', 'operator'] },
    { to: 'cancelled', by: ['operator', 'customer'] },
  ],
  work_inprogress: [
    { to: 'work_pending', by: ['worker', 'operator'] },
    { to: 'work_completed', by: ['worker', 'operator'] },
  ],
  work_pending: [
    { to: 'work_inprogress', by: ['worker', 'operator'] },
    { to: 'cancelled', by: ['operator', 'customer'] },
  ],
  work_completed: [
    { to: 'work_inprogress', by: ['customer', 'operator'] },
    { to: 'payment_pending', by: ['customer', 'operator'] },
  ],
  payment_pending: [{ to: 'payment_received', by: ['operator', 'system'] }],
  payment_received: [{ to: 'paid_to_worker', by: ['operator'] }],
  paid_to_worker: [{ to: 'task_completed', by: ['operator', 'system'] }],
  task_completed: [],
  cancelled: [],
}

/** The actors a user of this role acts as; an admin acts as an operator (and may override). */
export function actorsForRole(role: Role): readonly Actor[] {
  return role === 'admin' ? ['operator'] : [role]
}

/** Whether `actor` may move a task from `from` to `to` through the status machine. */
export function canTransition(from: TaskStatus, to: TaskStatus, actor: Actor): boolean {
  return TASK_TRANSITIONS[from].some((t) => t.to === to && t.by.includes(actor))
}

/** The statuses reachable from `from` by any of the given actors, in the machine's order. */
export function nextStatuses(from: TaskStatus, actors: readonly Actor[]): TaskStatus[] {
  return TASK_TRANSITIONS[from].filter((t) => t.by.some((a) => actors.includes(a))).map((t) => t.to)
}

/** A terminal status has no way out through the machine (only an admin override). */
export function isTerminal(status: TaskStatus): boolean {
  return TASK_TRANSITIONS[status].length === 0
}
