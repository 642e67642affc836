import {
  isNewTaskStatus,
  TASK_STATUSES,
  type AssignmentDetailsQuery,
  type AssignmentDetailsResponse,
  type AssignmentIdsResponse,
  type AssignmentListItem,
  type AssignmentTaskResponse,
  type AssignmentUpdateBody,
  type AssignmentUpdateResponse,
  type MaterialOrder,
  type ScheduleBody,
  type ScheduleResponse,
  type TaskDetailsResponse,
  type TaskStatus,
} from '@townworks/contract'
import type { DbOrTx } from '../../db/client'
import { transactionWithRetry } from '../../db/transaction'
import { AppError, invalidInput, notFound, pgErrorCode } from '../../shared/app-error'
import type { Ctx } from '../../shared/context'
import { mapBatches, type CsvTable } from '../../shared/csv'
import { todayInIndia } from '../../shared/dates'
import * as notificationsService from '../notifications/notifications.service'
import * as paymentsService from '../payments/payments.service'
import * as quotesService from '../quotes/quotes.service'
import * as referenceService from '../reference/reference.service'
import * as requestsService from '../requests/requests.service'
import * as tasksService from '../tasks/tasks.service'
import * as workersService from '../workers/workers.service'
import type { BookingSlot } from '../workers/workers.service'
import * as assignmentsRepository from './assignments.repository'
import { workerCharges } from './order-charges'

/** The tables the cached assignment details read (its route's cache names them, decision 014). */
export { ASSIGNMENT_DETAILS_READ } from './assignments.repository'

/** SQLSTATE of an exclusion-constraint violation: `assignments_no_overlap` refused an overlapping booking. */
const EXCLUSION_VIOLATION = '23P01'

/**
 * The database refused a booking that passed the check (another booking committed in between):
 * explain the clash as the check would have, from what is stored now.
 */
async function doubleBookingError(ctx: Ctx, slot: BookingSlot): Promise<AppError> {
  try {
    await workersService.assertWorkerBookable(ctx.database.db, slot)
  } catch (error) {
    if (error instanceof AppError && error.code === 'DOUBLE_BOOKING') return error
  }
  return new AppError('DOUBLE_BOOKING', 'This worker was booked for an overlapping time a moment ago', {
    issues: [{ path: 'workerId', message: 'Busy at that time' }],
  })
}

/** Run a booking transaction, turning the no-overlap constraint's refusal into a 409 naming the clash. */
async function booking<T>(ctx: Ctx, slot: () => BookingSlot, work: (tx: DbOrTx) => Promise<T>): Promise<T> {
  try {
    return await transactionWithRetry(ctx.database.db, work)
  } catch (error) {
    if (pgErrorCode(error) === EXCLUSION_VIOLATION) throw await doubleBookingError(ctx, slot())
    throw error
  }
}

/** The caller, who must be logged in (routes already ensure it). */
function userOf(ctx: Ctx) {
  if (!ctx.user) throw new AppError('UNAUTHENTICATED', 'Please log in to continue')
  return ctx.user
}

/**
 * Which service and town a new task is for: its request's, the ones chosen, or the worker's own; and
 * the request's materials order (decision 069), null for a job or without a request.
 */
async function serviceAndTown(
  tx: DbOrTx,
  body: ScheduleBody,
): Promise<{ serviceId: number | null; townId: number | null; order: MaterialOrder | null }> {
  if (body.requestId !== undefined) {
    const request = await requestsService.markRequestScheduled(tx, body.requestId)
    if (
      body.service !== undefined &&
      (await assignmentsRepository.serviceIdByName(tx, body.service)) !== request.serviceId
    )
      throw invalidInput('service', 'The request asks for another service')
    if (body.town !== undefined && (await assignmentsRepository.townIdByName(tx, body.town)) !== request.townId)
      throw invalidInput('town', 'The request is for another town')
    return request
  }
  // A town or service named must be an active row (decision 048): a 400 naming the field otherwise.
  const named = await referenceService.namedPlaceForNewWork(tx, { town: body.town, service: body.service })
  let serviceId = named.serviceId ?? null
  let townId = named.townId ?? null
  if (serviceId === null || townId === null) {
    // The seed's form sends neither: take the worker's town, and their service when they offer only one.
    const offer = await assignmentsRepository.workerOffer(tx, body.workerId)
    if (offer) {
      townId ??= offer.townId
      if (offer.serviceIds.length === 1) serviceId ??= offer.serviceIds[0]!
    }
  }
  return { serviceId, townId, order: null }
}

/**
 * POST /api/schedule: create a task and its assignment in one transaction — mark the request it
 * comes from scheduled, check the worker may take the slot, and append the first workflow record.
 */
export async function createSchedule(ctx: Ctx, body: ScheduleBody): Promise<ScheduleResponse> {
  return schedule(ctx, body, userOf(ctx).id)
}

/**
 * Book an accepted quote's slot at once (decision 061): POST /api/schedule's own code and checks for
 * the quote's request, worker, day and hours, recorded as made by the office person who wrote the
 * quote (they proposed the slot; the customer's acceptance confirmed it). Throws as the schedule
 * form's call would (the worker busy then, the day past, the request no longer open…).
 */
export async function scheduleQuotedSlot(
  ctx: Ctx,
  slot: quotesService.QuotedSlot,
): Promise<{ taskId: number; assignmentId: number }> {
  const { taskId, assignmentId } = await schedule(
    ctx,
    {
      taskName: slot.taskName,
      serviceDesc: slot.serviceDesc,
      workerId: slot.workerId,
      date: slot.date,
      startTime: slot.startTime,
      endTime: slot.endTime,
      completionDate: null,
      selectedStatus: 'assigned',
      requestId: slot.requestId,
      // The request's own service and town.
      service: undefined,
      town: undefined,
    },
    slot.byUserId,
  )
  return { taskId, assignmentId }
}

/** A new task and its first assignment, by whoever `byUserId` is (the schedule form's caller, or a quote's author). */
async function schedule(ctx: Ctx, body: ScheduleBody, byUserId: number): Promise<ScheduleResponse> {
  // The contract already refuses any other first status; kept here so the rule holds for every caller.
  if (!isNewTaskStatus(body.selectedStatus)) {
    throw invalidInput(
      'selectedStatus',
      "A new schedule starts as 'assigned'; move it on through Assignment Status Update",
    )
  }
  if (body.date < todayInIndia()) throw invalidInput('date', 'The assignment date is in the past')
  let slot: BookingSlot | undefined
  const result = await booking(
    ctx,
    () => slot!,
    async (tx) => {
      const { serviceId, townId, order } = await serviceAndTown(tx, body)
      slot = {
        workerId: body.workerId,
        serviceId,
        townId,
        date: body.date,
        startTime: body.startTime,
        endTime: body.endTime,
      }
      // A booking that clashes with one already made is refused at once, without queueing.
      await workersService.assertWorkerBookable(tx, slot)
      // Those that pass together queue on the worker's booking lock instead of deadlocking on the
      // no-overlap constraint, and check again: the first books, each next one sees it and is refused.
      await workersService.lockWorkersForBooking(tx, [body.workerId])
      await workersService.assertWorkerBookable(tx, slot)
      // A request whose quote was accepted costs what the quote says (decision 061): its visit charge as
      // the price and its lines as line items. Otherwise the worker's price for the service (decision 009),
      // or for a materials order priced per its unit, the order's total as a line item (decision 069).
      const quoted = body.requestId !== undefined ? await quotesService.acceptedCharges(tx, body.requestId) : undefined
      const { pricePaise, orderLine } = quoted
        ? { pricePaise: quoted.pricePaise, orderLine: null }
        : await workerCharges(tx, { workerId: body.workerId, serviceId, order })
      // The task (and its first workflow record) is the tasks module's; the assignment is ours.
      const taskId = await tasksService.createTask(tx, {
        taskName: body.taskName,
        serviceDesc: body.serviceDesc,
        serviceId,
        townId,
        requestId: body.requestId ?? null,
        status: body.selectedStatus,
        pricePaise,
        byUserId,
      })
      if (quoted) await quotesService.chargeAsQuoted(tx, taskId, quoted, byUserId)
      if (orderLine) await paymentsService.addQuotedLineItems(tx, taskId, [orderLine.item], orderLine.reason, byUserId)
      const assignmentId = await assignmentsRepository.insertAssignment(tx, {
        taskId,
        workerId: body.workerId,
        serviceDesc: body.serviceDesc,
        date: body.date,
        startTime: body.startTime,
        endTime: body.endTime,
        completionDate: body.completionDate,
        status: body.selectedStatus,
      })
      const created = { taskId, assignmentId }
      await notificationsService.notifyTaskAssigned(tx, ctx.messaging, created.assignmentId) // customer and worker, with the booking
      return created
    },
  )
  return { message: 'Schedule created', ...result }
}

/** Every assignment, newest first (GET /api/assignments: the route's serializer makes the seed's rows). */
export async function listAssignments(ctx: Ctx): Promise<AssignmentListItem[]> {
  return assignmentsRepository.listAssignmentItems(ctx.database.db)
}

/** GET /api/assignment-ids */
export async function listAssignmentIds(ctx: Ctx): Promise<AssignmentIdsResponse> {
  return { assignmentIds: await assignmentsRepository.listAssignmentIds(ctx.database.db) }
}

/** GET /api/taskdetails?assignmentId= */
export async function getTaskDetails(ctx: Ctx, assignmentId: number): Promise<TaskDetailsResponse> {
  const form = await assignmentsRepository.getAssignmentForm(ctx.database.db, assignmentId)
  if (!form) throw notFound('Assignment')
  return { assignmentdetails: form }
}

/** GET /api/task-details/{assignment_id} */
export async function getAssignmentTask(ctx: Ctx, assignmentId: number): Promise<AssignmentTaskResponse> {
  const task = await assignmentsRepository.getAssignmentTask(ctx.database.db, assignmentId)
  if (!task) throw notFound('Assignment')
  return task
}

/** GET /api/assignmentdetails */
export async function listAssignmentDetails(
  ctx: Ctx,
  query: AssignmentDetailsQuery,
): Promise<AssignmentDetailsResponse> {
  const { rows, total, totalExact } = await assignmentsRepository.listAssignmentDetails(ctx.database.db, query)
  return { assignmentdetails: rows, total, totalExact, page: query.page, pageSize: query.pageSize }
}

/** Once the work is done, an assignment is a record: correcting its notes re-checks nothing. */
const WORK_DONE = new Set<TaskStatus>(TASK_STATUSES.slice(TASK_STATUSES.indexOf('work_completed')))

/**
 * PUT /api/assignmentupdate: save the edit form in one transaction. A booking that still matters
 * (the worker, day or times change, or the work is not done yet) is re-checked, its own slot
 * excepted; a status change goes through the status machine (one workflow record).
 */
export async function updateAssignment(ctx: Ctx, body: AssignmentUpdateBody): Promise<AssignmentUpdateResponse> {
  const user = userOf(ctx)
  let slot: BookingSlot | undefined
  return booking(
    ctx,
    () => slot!,
    async (tx) => {
      const current = await assignmentsRepository.lockAssignment(tx, body.assignment_id)
      if (!current) throw notFound('Assignment')
      if (body.task_id !== undefined && body.task_id !== current.taskId) {
        throw invalidInput('task_id', 'An assignment stays with its task; create a new schedule for another task')
      }
      if (body.expected_status && body.expected_status !== current.taskStatus) {
        throw new AppError('STALE_STATUS', `Someone else moved this task first: it is now ${current.taskStatus}`, {
          details: { current: current.taskStatus },
        })
      }
      // Task and assignment are locked; now the booking lock of the worker it is (re)booked to.
      await workersService.lockWorkersForBooking(tx, [body.worker_id])
      const target = body.status ?? current.taskStatus
      slot = {
        workerId: body.worker_id,
        serviceId: current.serviceId,
        townId: current.townId,
        date: body.assignment_date,
        startTime: body.start_time,
        endTime: body.end_time,
        excludeAssignmentId: current.id,
      }
      const rebooked =
        body.worker_id !== current.workerId ||
        body.assignment_date !== current.date ||
        body.start_time !== current.startTime ||
        body.end_time !== current.endTime
      const active = current.status !== 'cancelled' && target !== 'cancelled'
      if (active && (rebooked || !WORK_DONE.has(target))) await workersService.assertWorkerBookable(tx, slot)
      await assignmentsRepository.updateAssignment(tx, current.id, {
        workerId: body.worker_id,
        serviceDesc: body.service_desc,
        date: body.assignment_date,
        startTime: body.start_time,
        endTime: body.end_time,
        completionDate: body.completion_date,
      })
      // The new when/who: "moved" to the same worker and the customer; a new worker a new job.
      if (active && rebooked) {
        await notificationsService.notifyAssignmentChanged(tx, ctx.messaging, current.id, {
          workerId: current.workerId,
          date: current.date,
          startTime: current.startTime,
        })
        // Every move is in the task's history (the board's, the forms' alike), with who made it.
        const names = await assignmentsRepository.workerNames(tx, [current.workerId, body.worker_id])
        const when = (workerId: number, date: string, start: string, end: string) =>
          `${names.get(workerId) ?? `#${workerId}`} ${date} ${start.slice(0, 5)}–${end.slice(0, 5)}`
        await tasksService.recordMove(tx, {
          taskId: current.taskId,
          status: current.taskStatus,
          byUserId: user.id,
          note: `Moved: ${when(current.workerId, current.date, current.startTime, current.endTime)} → ${when(body.worker_id, body.assignment_date, body.start_time, body.end_time)}`,
        })
      }
      if (body.task_name !== undefined && body.task_name !== current.taskName) {
        await tasksService.renameTask(tx, current.taskId, body.task_name)
      }
      if (target !== current.taskStatus) {
        await tasksService.changeTaskStatus(
          ctx,
          {
            taskId: current.taskId,
            status: target,
            expectedStatus: current.taskStatus,
            ...(body.reason ? { reason: body.reason } : {}),
          },
          tx,
        )
      }
      return { message: 'Assignment updated', assignment_id: current.id, task_id: current.taskId, status: target }
    },
  )
}

/** GET /api/assignmentdetails/export.csv: every row the filters keep (not one page), newest first (decision 045). */
export function exportAssignmentDetails(ctx: Ctx, query: AssignmentDetailsQuery): CsvTable {
  return {
    header: [
      'assignment_id',
      'task_id',
      'task_name',
      'status',
      'worker_id',
      'worker_name',
      'requester',
      'phone',
      'town',
      'assignment_date',
      'start_time',
      'end_time',
      'completion_date',
      'created_date',
    ],
    batches: mapBatches(assignmentsRepository.exportAssignmentDetailBatches(ctx.database.db, query), (r) => [
      r.assignment_id,
      r.task_id,
      r.task_name,
      r.status,
      r.worker_id,
      r.worker_name,
      r.requester,
      r.phone,
      r.town,
      r.assignment_date,
      r.start_time,
      r.end_time,
      r.completion_date,
      r.created_date,
    ]),
  }
}
