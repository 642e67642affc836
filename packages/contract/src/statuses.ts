import { z } from 'zod'
import { TASK_STATUSES } from './constants'

export {
  ACTORS,
  actorsForRole,
  canTransition,
  isRecordedMoneyStatus,
  isTerminal,
  NEW_TASK_STATUSES,
  nextStatuses,
  RECORDED_MONEY_STATUSES,
  TASK_STATUSES,
  TASK_TRANSITIONS,
} from './constants'
export type { Actor, NewTaskStatus, TaskStatus, Transition } from './constants'

export const TaskStatusSchema = z.enum(TASK_STATUSES)
