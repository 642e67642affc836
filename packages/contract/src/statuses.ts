import { z } from 'zod'
import { TASK_STATUSES } from './constants'

export {
  ACTORS,
  actorsForRole,
  canTransition,
  isTerminal,
  NEW_TASK_STATUSES,
  nextStatuses,
  TASK_STATUSES,
  TASK_TRANSITIONS,
} from './constants'
export type { Actor, NewTaskStatus, TaskStatus, Transition } from './constants'

export const TaskStatusSchema = z.enum(TASK_STATUSES)
