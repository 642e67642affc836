import type { REQUEST_STATES, TaskStatus } from '../constants'

type RequestState = (typeof REQUEST_STATES)[number]

/** A status a person may read: a task's status, or a request's state before it has a task. */
export type ReadableStatus = TaskStatus | RequestState

/** One language's names of every status a person may read. */
export type StatusLabels = Readonly<Record<ReadableStatus, string>>
