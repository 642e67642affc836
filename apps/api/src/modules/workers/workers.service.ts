import type {
  SkilledWorkersResponse,
  WorkerServicesResponse,
  WorkerSuggestionsQuery,
  WorkerSuggestionsResponse,
} from '@townworks/contract'
import type { DbOrTx } from '../../db/client'
import { AppError } from '../../shared/app-error'
import type { Ctx } from '../../shared/context'
import * as workersRepository from './workers.repository'

/** The Worker Services table. */
export async function listWorkerServices(ctx: Ctx): Promise<WorkerServicesResponse> {
  return { workerServices: await workersRepository.listWorkerServiceRows(ctx.database.db) }
}

/** The Skilled Workers table. */
export async function listSkilledWorkers(ctx: Ctx): Promise<SkilledWorkersResponse> {
  return { skilledworkers: await workersRepository.listSkilledWorkers(ctx.database.db) }
}

/** Workers free for a slot, best match first: they offer the service in the town, least busy that week first. */
export async function suggestWorkers(ctx: Ctx, query: WorkerSuggestionsQuery): Promise<WorkerSuggestionsResponse> {
  return { workers: await workersRepository.findFreeWorkers(ctx.database.db, query) }
}

/**
 * Refuse a booking the worker cannot take: unknown (404), inactive, not offering the service in
 * the task's town, outside working hours or on a day off, or already busy then (409 naming the
 * clash). Call inside the booking transaction; the database's exclusion constraint still
 * guards the race between two bookings that both pass this check.
 */
export async function assertWorkerBookable(
  db: DbOrTx,
  q: {
    workerId: number
    serviceId: number | null
    townId: number | null
    date: string
    startTime: string
    endTime: string
    excludeAssignmentId?: number
  },
): Promise<void> {
  const check = await workersRepository.checkBooking(db, q)
  const field = (message: string) => ({ issues: [{ path: 'workerId', message }] })
  if (!check.exists)
    throw new AppError('NOT_FOUND', `Worker ${q.workerId} was not found`, field('No worker has this ID'))
  if (!check.active) {
    throw new AppError(
      'CONFLICT',
      `${check.name} is deactivated and takes no new work`,
      field('This worker is deactivated'),
    )
  }
  if (!check.offersServiceInTown) {
    throw new AppError(
      'CONFLICT',
      `${check.name} does not offer this service in this town`,
      field('Not offered in this town'),
    )
  }
  if (!check.worksThen) {
    throw new AppError(
      'CONFLICT',
      `${check.name} does not work at that time (working hours or a day off)`,
      field('Outside working hours'),
    )
  }
  if (check.clash) {
    const { assignmentId, startTime, endTime } = check.clash
    throw new AppError(
      'DOUBLE_BOOKING',
      `${check.name} is already booked ${startTime.slice(0, 5)}–${endTime.slice(0, 5)} that day (assignment ${assignmentId})`,
      { details: { clash: check.clash }, ...field('Busy at that time') },
    )
  }
}
