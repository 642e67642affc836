import { z } from 'zod'
import { DateSchema } from './common'
import { BOARD_MAX_DAYS, STAFF } from './constants'
import { endpoint } from './endpoint'
import { ServiceSchema, TownSchema } from './options'
import { TaskStatusSchema } from './statuses'

/**
 * The dispatch board (issue 20, decisions 051–053): one day or one week of the office's workers,
 * their bookings as blocks, and the requests nobody has scheduled yet. Moves go through the
 * existing writes (POST /api/schedule, PUT /api/assignmentupdate): the board only reads.
 */

export { BOARD_MAX_DAYS, BOARD_UNASSIGNED_LIMIT } from './constants'
export { BOARD_EVENTS } from './board-events'

/** GET /api/board: a period of one to seven days (inclusive, Asia/Kolkata dates), optional town and service. */
export const BoardQuerySchema = z
  .object({
    from: DateSchema,
    to: DateSchema,
    town: TownSchema.optional(),
    service: ServiceSchema.optional(),
  })
  .superRefine((q, ctx) => {
    if (q.to < q.from) ctx.addIssue({ code: 'custom', path: ['to'], message: 'The period ends before it starts' })
    else if ((Date.parse(q.to) - Date.parse(q.from)) / 86_400_000 >= BOARD_MAX_DAYS)
      ctx.addIssue({ code: 'custom', path: ['to'], message: `Choose at most ${BOARD_MAX_DAYS} days` })
  })
export type BoardQuery = z.infer<typeof BoardQuerySchema>

/** A worker's working hours on one day of the period (no entry: a day off, or not a working weekday). */
export const BoardHoursSchema = z.object({
  date: z.string(),
  start_time: z.string(),
  end_time: z.string(),
})

/** One row of the board: an active worker in the town, offering the service. */
export const BoardWorkerSchema = z.object({
  worker_id: z.number().int(),
  name: z.string(),
  town: TownSchema,
  services: z.array(ServiceSchema),
  /** False when the worker recorded no weekly hours: every day is open to them (decision 006). */
  has_hours: z.boolean(),
  hours: z.array(BoardHoursSchema),
  /** Days of the period the worker is off. */
  days_off: z.array(z.string()),
})
export type BoardWorker = z.infer<typeof BoardWorkerSchema>

/** One booking of a worker in the period (cancelled ones are not shown: they hold no time). */
export const BoardBlockSchema = z.object({
  assignment_id: z.number().int(),
  task_id: z.number().int(),
  worker_id: z.number().int(),
  /** TW-000123 when the task came from a request, else #id. */
  reference: z.string(),
  task_name: z.string(),
  service_desc: z.string(),
  status: TaskStatusSchema,
  date: z.string(),
  start_time: z.string(),
  end_time: z.string(),
  completion_date: z.string().nullable(),
  town: TownSchema.nullable(),
  service: ServiceSchema.nullable(),
})
export type BoardBlock = z.infer<typeof BoardBlockSchema>

/** An open request: asked for, neither scheduled nor rejected. */
export const BoardRequestSchema = z.object({
  request_id: z.number().int(),
  reference: z.string(),
  name: z.string(),
  town: TownSchema,
  service: ServiceSchema,
  service_date: z.string(),
  time_window: z.enum(['morning', 'afternoon', 'evening']).nullable(),
  description: z.string().nullable(),
})
export type BoardRequest = z.infer<typeof BoardRequestSchema>

export const BoardSchema = z.object({
  from: z.string(),
  to: z.string(),
  workers: z.array(BoardWorkerSchema),
  blocks: z.array(BoardBlockSchema),
  unassigned: z.array(BoardRequestSchema),
  /** Open requests matching the filters; the column lists at most BOARD_UNASSIGNED_LIMIT of them. */
  unassigned_total: z.number().int(),
})
export type Board = z.infer<typeof BoardSchema>

/**
 * GET /api/board/events: a text/event-stream of `board` notices ("something on the board changed:
 * read it again"), a `ready` event first (`{"live":false}` when this server hears no changes, so the
 * client polls) and a comment line as a heartbeat.
 */
export const BoardEventStreamSchema = z.string().meta({ description: 'text/event-stream' })

/** The board: the office only. */
export const boardEndpoints = {
  board: endpoint({
    method: 'GET',
    path: '/api/board',
    access: STAFF,
    tag: 'board',
    summary: "The dispatch board: workers' rows with their hours, their bookings and the open requests, over 1–7 days",
    query: BoardQuerySchema,
    response: BoardSchema,
  }),
  boardEvents: endpoint({
    method: 'GET',
    path: '/api/board/events',
    access: STAFF,
    tag: 'board',
    summary: 'Server-sent events: a notice whenever something the board shows changed, in any process',
    response: BoardEventStreamSchema,
    eventStream: true,
  }),
} as const
