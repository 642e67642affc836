import {
  DEFAULT_WORKING_HOURS,
  normalizeIndianMobile,
  rupeesToPaise,
  type AvailabilityBody,
  type AvailabilityResponse,
  type CartBody,
  type CartResponse,
  type DeleteWorkerResponse,
  type MyJob,
  type MyJobsResponse,
  type SaveAvailabilityResponse,
  type SaveWorkerResponse,
  type SkilledWorkersResponse,
  type WorkerBody,
  type WorkerResponse,
  type WorkerServicesQuery,
  type WorkerServicesResponse,
  type WorkerSuggestionsQuery,
  type WorkerSuggestionsResponse,
  type WorkerStanding,
  type PhotoType,
  type WorkerLanguagesBody,
  type WorkerLanguagesResponse,
  type WorkerPhotoResponse,
  type WorkerPhotoUpload,
  type WorkerProfileFields,
  type OrderUnit,
  WORKER_PHOTO_MAX_BYTES,
  orderTotalPaise,
  quantityProblem,
} from '@townworks/contract'
import type { DbOrTx } from '../../db/client'
import { AppError, invalidInput, notFound } from '../../shared/app-error'
import type { AuthUser, Ctx } from '../../shared/context'
import { mapBatches, type CsvTable } from '../../shared/csv'
import { todayInIndia } from '../../shared/dates'
import * as referenceService from '../reference/reference.service'
import * as rosterRepository from './roster.repository'
import * as shortlistRepository from './shortlist.repository'
import { SKILLED_WORKERS_READ as SHORTLIST_READ } from './shortlist.repository'
import * as availabilityRepository from './availability.repository'
import * as jobsRepository from './jobs.repository'
import * as standingRepository from './standing.repository'
import * as profileRepository from './profile.repository'
import { cleanPhoto } from '../../shared/image'
import { newPhotoKey, type PhotoStorage } from '../photo-storage/photo-storage.service'
import { transactionWithRetry } from '../../db/transaction'

/** Point a worker profile at a login (or none), in the caller's transaction (users links them). */
export async function linkLogin(tx: DbOrTx, userId: number, workerId: number | null): Promise<void> {
  await rosterRepository.linkLogin(tx, userId, workerId)
}

/** The roster's worker with this number (+91…), and their login if they have one: a sign-in by number. */
export async function workerWithPhone(
  db: DbOrTx,
  phone: string,
): Promise<{ id: number; name: string; userId: number | null } | undefined> {
  return rosterRepository.findWorkerWithLogin(db, phone)
}

/** The tables the cached worker reads read (their routes' caches name them, decision 014). */
export type { BookingSlot } from './availability.repository'
export { WORKER_SERVICE_ROWS_READ } from './roster.repository'
export { STANDING_READ, DONE_STATUSES } from './standing.repository'
/** What GET /api/skilledworker reads: the shortlist's tables and the workers' standing. */
export const SKILLED_WORKERS_READ = [...SHORTLIST_READ, ...standingRepository.STANDING_READ]
/** What GET /api/workers/suggestions reads: the free workers' tables and their standing. */
export const FREE_WORKERS_READ = [...availabilityRepository.FREE_WORKERS_READ, ...standingRepository.STANDING_READ]

/** Each worker's standing (issue 21): rating, number of ratings and jobs done. */
export async function standingOf(db: DbOrTx, workerIds: readonly number[]): Promise<Map<number, WorkerStanding>> {
  return standingRepository.standingOf(db, workerIds)
}

/** What a customer sees of each worker on their card (issue 21): standing, photo, languages, years. */
export async function cardsOf(
  db: DbOrTx,
  workerIds: readonly number[],
): Promise<Map<number, WorkerStanding & WorkerProfileFields>> {
  const [standing, fields] = await Promise.all([
    standingRepository.standingOf(db, workerIds),
    profileRepository.profileFieldsOf(db, workerIds),
  ])
  const none: WorkerProfileFields = { photo_url: null, languages: [], experience_years: null }
  return new Map([...standing].map(([id, s]) => [id, { ...s, ...(fields.get(id) ?? none) }] as const))
}

/** The Worker Services table, optionally filtered by town, service, and name or phone. */
export async function listWorkerServices(ctx: Ctx, query: WorkerServicesQuery = {}): Promise<WorkerServicesResponse> {
  return { workerServices: await rosterRepository.listWorkerServiceRows(ctx.database.db, query) }
}

/** One worker with every service they offer. */
export async function getWorker(ctx: Ctx, workerId: number): Promise<WorkerResponse> {
  const worker = await rosterRepository.getWorkerDetail(ctx.database.db, workerId)
  if (!worker) throw notFound('Worker')
  return { worker }
}

/** Turn a worker form into rows: ids for names, the phone as +91…, prices in paise; refuse a phone another worker has. */
async function toRows(tx: DbOrTx, body: WorkerBody, exceptId?: number) {
  // Known towns and services, active unless the worker already has them (decision 048): a 400 naming the field.
  const current = exceptId === undefined ? undefined : await rosterRepository.workerPlaces(tx, exceptId)
  const ids = await referenceService.placesForWorker(
    tx,
    { town: body.town, services: body.services.map((o) => o.service_name) },
    current,
  )
  const phone = normalizeIndianMobile(body.phone_number)!
  const other = await rosterRepository.findWorkerByPhone(tx, phone, exceptId)
  if (other) {
    throw new AppError('CONFLICT', `${other.name} (worker ${other.id}) already has this phone number`, {
      issues: [{ path: 'phone_number', message: 'Another worker has this phone number' }],
    })
  }
  return {
    fields: {
      name: body.worker_name,
      townId: ids.townId,
      phone,
      email: body.email,
      active: body.active,
      languages: body.languages,
      experienceYears: body.experience_years,
    },
    offers: body.services.map((o, i) => {
      // A price per unit only in one of the units the service is ordered in (decision 069); null: per job.
      const unit = o.unit ?? null
      const problem =
        unit === null
          ? null
          : referenceService.orderUnitProblem(o.service_name, ids.orderUnits.get(o.service_name)!, unit, 'price')
      if (problem) throw invalidInput(`services.${i}.unit`, problem)
      return {
        serviceId: ids.serviceIds.get(o.service_name)!,
        description: o.description,
        pricePaise: rupeesToPaise(o.price),
        unit,
      }
    }),
  }
}

/** Add a worker with the services they offer; they start with the default week (Mon–Sat 08:00–18:00). */
export async function createWorker(ctx: Ctx, body: WorkerBody): Promise<SaveWorkerResponse> {
  const id = await ctx.database.db.transaction(async (tx) => {
    const { fields, offers } = await toRows(tx, body)
    const workerId = await rosterRepository.insertWorker(tx, fields)
    await rosterRepository.replaceOffers(tx, workerId, offers)
    await availabilityRepository.replaceHours(tx, workerId, DEFAULT_WORKING_HOURS)
    return workerId
  })
  const worker = (await rosterRepository.getWorkerDetail(ctx.database.db, id))!
  return { message: `${worker.worker_name} was added`, worker }
}

/** Edit a worker and replace the services they offer; `active: true` re-activates a deactivated worker. */
export async function updateWorker(ctx: Ctx, workerId: number, body: WorkerBody): Promise<SaveWorkerResponse> {
  await ctx.database.db.transaction(async (tx) => {
    const existing = await rosterRepository.lockWorker(tx, workerId)
    if (!existing) throw notFound('Worker')
    const { fields, offers } = await toRows(tx, body, workerId)
    await rosterRepository.updateWorker(tx, workerId, fields)
    await rosterRepository.replaceOffers(tx, workerId, offers)
  })
  const worker = (await rosterRepository.getWorkerDetail(ctx.database.db, workerId))!
  return { message: `${worker.worker_name} was saved`, worker }
}

/**
 * Remove a worker. One with history (assignments of any status, or payouts) is not erased but
 * deactivated: no new assignments, the history stays whole. The row lock makes a booking that
 * races with this wait, so the check cannot miss it.
 */
export async function deleteWorker(ctx: Ctx, workerId: number): Promise<DeleteWorkerResponse> {
  return ctx.database.db.transaction(async (tx) => {
    const worker = await rosterRepository.lockWorker(tx, workerId)
    if (!worker) throw notFound('Worker')
    if (await rosterRepository.hasHistory(tx, workerId)) {
      await rosterRepository.deactivateWorker(tx, workerId)
      return {
        message: `${worker.name} has assignments on record, so they were deactivated instead: no new assignments, history kept`,
        worker_id: workerId,
        outcome: 'deactivated' as const,
      }
    }
    await rosterRepository.deleteWorker(tx, workerId)
    return { message: `${worker.name} was deleted`, worker_id: workerId, outcome: 'deleted' as const }
  })
}

/**
 * Staff may see and change any worker's time and profile; a worker only their own (`what` names it in
 * the refusal). Unknown workers are 404 first.
 */
async function assertOwnOrStaff(ctx: Ctx, workerId: number, what = 'working time'): Promise<AuthUser> {
  const user = ctx.user
  if (!user) throw new AppError('UNAUTHENTICATED', 'Please log in to continue')
  if (user.role === 'operator' || user.role === 'admin') return user
  const own = user.role === 'worker' ? await rosterRepository.workerOfUser(ctx.database.db, user.id) : undefined
  if (own?.id === workerId) return user
  if (!(await rosterRepository.workerState(ctx.database.db, workerId))) throw notFound('Worker')
  throw new AppError('FORBIDDEN', `You may change only your own ${what}`)
}

/**
 * PUT /api/workers/{id}/photo: the worker's photo, checked and stripped of its metadata as the photos
 * of the work are (decision 057). The bytes are put first under a new key, then the row points at
 * them; the old photo's bytes go after the commit, so its address stops answering (a new photo is a
 * new address: each can be cached for good).
 */
export async function setWorkerPhoto(
  ctx: Ctx,
  storage: PhotoStorage,
  workerId: number,
  body: WorkerPhotoUpload,
): Promise<WorkerPhotoResponse> {
  await assertOwnOrStaff(ctx, workerId, 'photo')
  const clean = cleanPhoto(body.type, body.data, 'data', WORKER_PHOTO_MAX_BYTES)
  const key = newPhotoKey(`workers/${workerId}`)
  await storage.put(key, clean.bytes, clean.type)
  const old = await replacePhoto(ctx, workerId, { key, type: clean.type }).catch(async (error: unknown) => {
    await storage.delete(key).catch(() => undefined)
    throw error
  })
  if (old) await storage.delete(old).catch(() => undefined)
  return { message: 'Photo saved', worker_id: workerId, photo_url: profileRepository.workerPhotoUrl(workerId, key) }
}

/** DELETE /api/workers/{id}/photo: no photo on the profile any more; its bytes go too. */
export async function deleteWorkerPhoto(
  ctx: Ctx,
  storage: PhotoStorage,
  workerId: number,
): Promise<WorkerPhotoResponse> {
  await assertOwnOrStaff(ctx, workerId, 'photo')
  const old = await replacePhoto(ctx, workerId, null)
  if (old) await storage.delete(old).catch(() => undefined)
  return { message: 'Photo removed', worker_id: workerId, photo_url: null }
}

/** Point the worker at a photo (or none) under their row's lock; answers the key it pointed at before. */
async function replacePhoto(
  ctx: Ctx,
  workerId: number,
  photo: { key: string; type: PhotoType } | null,
): Promise<string | null> {
  return transactionWithRetry(ctx.database.db, async (tx) => {
    if (!(await rosterRepository.lockWorker(tx, workerId))) throw notFound('Worker')
    const before = await profileRepository.photoOf(tx, workerId)
    await profileRepository.setPhoto(tx, workerId, photo)
    return before?.key ?? null
  })
}

/**
 * GET /api/workers/{id}/photo/{name}: the photo on a worker's public profile. Only the worker's photo
 * of now answers (an address of a replaced one is 404), and only while the worker takes work.
 */
export async function workerPhotoImage(
  ctx: Ctx,
  storage: PhotoStorage,
  workerId: number,
  name: string,
): Promise<{ type: PhotoType; bytes: Buffer }> {
  const photo = await profileRepository.photoOf(ctx.database.db, workerId)
  if (!photo?.active || photo.key !== profileRepository.workerPhotoKey(workerId, name) || !photo.type)
    throw notFound('Photo')
  const stored = await storage.get(photo.key)
  if (!stored) throw notFound('Photo')
  return { type: photo.type, bytes: stored.bytes }
}

/** PUT /api/workers/{id}/languages: the languages the worker speaks, in the order chosen. */
export async function setWorkerLanguages(
  ctx: Ctx,
  workerId: number,
  body: WorkerLanguagesBody,
): Promise<WorkerLanguagesResponse> {
  await assertOwnOrStaff(ctx, workerId, 'languages')
  await ctx.database.db.transaction(async (tx) => {
    if (!(await rosterRepository.lockWorker(tx, workerId))) throw notFound('Worker')
    await profileRepository.setLanguages(tx, workerId, body.languages)
  })
  return { message: 'Languages saved', worker_id: workerId, languages: body.languages }
}

/**
 * A worker's week and days off. A worker with no hours stored has never restricted their week and
 * counts as available any time (`always_available`); the Add form gives new workers Mon–Sat 08:00–18:00.
 */
export async function getAvailability(ctx: Ctx, workerId: number): Promise<AvailabilityResponse> {
  await assertOwnOrStaff(ctx, workerId)
  const availability = await availabilityRepository.getAvailability(ctx.database.db, workerId)
  if (!availability) throw notFound('Worker')
  return { availability }
}

/**
 * Replace a worker's week and days off. Existing assignments are not moved: the answer lists the
 * open ones from today on that the new time no longer covers, for the office to reschedule.
 */
export async function setAvailability(
  ctx: Ctx,
  workerId: number,
  body: AvailabilityBody,
): Promise<SaveAvailabilityResponse> {
  await assertOwnOrStaff(ctx, workerId)
  const conflicts = await ctx.database.db.transaction(async (tx) => {
    if (!(await rosterRepository.lockWorker(tx, workerId))) throw notFound('Worker')
    await availabilityRepository.replaceHours(tx, workerId, body.hours)
    await availabilityRepository.replaceDaysOff(tx, workerId, body.days_off)
    return availabilityRepository.uncoveredAssignments(tx, workerId, todayInIndia())
  })
  const availability = (await availabilityRepository.getAvailability(ctx.database.db, workerId))!
  return {
    message:
      conflicts.length === 0
        ? 'Working time saved'
        : `Working time saved. ${conflicts.length} booked job(s) now fall outside it: ask the office to move them`,
    availability,
    conflicts,
  }
}

/** The logged-in worker's jobs: unfinished earlier ones, today's and upcoming, soonest first. */
export async function listMyJobs(
  ctx: Ctx,
): Promise<Omit<MyJobsResponse, 'jobs'> & { jobs: (MyJob & { request_id: number | null })[] }> {
  const user = ctx.user
  if (!user) throw new AppError('UNAUTHENTICATED', 'Please log in to continue')
  const today = todayInIndia()
  const worker = await rosterRepository.workerOfUser(ctx.database.db, user.id)
  if (!worker) return { worker: null, today, jobs: [] }
  const { experience_years: _years, ...card } = (await cardsOf(ctx.database.db, [worker.id])).get(worker.id)!
  return {
    worker: { worker_id: worker.id, name: worker.name, ...card },
    today,
    jobs: await jobsRepository.listJobsOfWorker(ctx.database.db, worker.id, today),
  }
}

/**
 * Put a worker on the caller's shortlist. Each cart holds a worker once (the second add changes
 * nothing and says so); `cart_count` is how many carts hold the worker, exact under concurrency
 * because each add is one row with its own key, never a read-modify-write of a counter.
 */
export async function addToCart(ctx: Ctx, body: CartBody): Promise<CartResponse> {
  const user = ctx.user
  if (!user) throw new AppError('UNAUTHENTICATED', 'Please log in to add workers to your cart')
  const worker = await rosterRepository.workerState(ctx.database.db, body.worker_id)
  if (!worker) {
    throw new AppError('NOT_FOUND', 'Worker was not found', {
      issues: [{ path: 'worker_id', message: 'No worker has this ID' }],
    })
  }
  if (!worker.active) throw new AppError('CONFLICT', `${worker.name} is deactivated and cannot be added`)
  const added = await shortlistRepository.addCartEntry(ctx.database.db, user.id, body.worker_id)
  return {
    message: added ? `${worker.name} was added to your cart` : `${worker.name} is already in your cart`,
    worker_id: body.worker_id,
    cart_count: await shortlistRepository.cartCount(ctx.database.db, body.worker_id),
    added,
  }
}

/** The Skilled Workers table. */
export async function listSkilledWorkers(ctx: Ctx): Promise<SkilledWorkersResponse> {
  const workers = await shortlistRepository.listSkilledWorkers(ctx.database.db)
  const standing = await standingRepository.standingOf(
    ctx.database.db,
    workers.map((w) => w.worker_id),
  )
  return {
    skilledworkers: workers.map((w) => ({ ...w, ...(standing.get(w.worker_id) ?? standingRepository.NO_STANDING) })),
  }
}

/**
 * Workers free for a slot, best match first: they offer the service in the town, least busy that week
 * first. With a materials order's quantity and unit (decision 069), each carries what the order costs
 * with them when they price that unit (else null); `sort: 'price'` puts those first, the cheapest
 * first (ties in the usual order), then the rest in the usual order.
 */
export async function suggestWorkers(ctx: Ctx, query: WorkerSuggestionsQuery): Promise<WorkerSuggestionsResponse> {
  const { quantity, unit, ...slot } = query
  const order = quantity !== undefined && unit !== undefined ? { quantity, unit } : null
  if (order) {
    const problem = quantityProblem(order.unit, order.quantity)
    if (problem) throw invalidInput('quantity', problem.charAt(0).toUpperCase() + problem.slice(1))
  }
  const byPrice = query.sort === 'price' && order !== null
  const free = await availabilityRepository.findFreeWorkers(ctx.database.db, {
    ...slot,
    ...(byPrice && order ? { cheapestPer: order.unit } : {}),
  })
  const standing = await standingRepository.standingOf(
    ctx.database.db,
    free.map((w) => w.worker_id),
  )
  const ranked = free.map(({ usualRank, ...w }) => ({
    usualRank,
    worker: {
      ...w,
      ...(standing.get(w.worker_id) ?? standingRepository.NO_STANDING),
      order_total_paise: order && w.unit === order.unit ? orderTotalPaise(order, w.price_paise) : null,
    },
  }))
  if (byPrice) {
    // Those with a total first, cheapest first; equal totals and the rest in the usual order.
    const total = (w: { order_total_paise: number | null }) => w.order_total_paise ?? Number.POSITIVE_INFINITY
    ranked.sort((a, b) => total(a.worker) - total(b.worker) || a.usualRank - b.usualRank)
  }
  const workers = ranked.map((r) => r.worker)
  if (query.sort === 'rating') {
    // Best rated first; the unrated after every rated one; then the usual order (fewest bookings that week).
    const order = new Map(workers.map((w, i) => [w.worker_id, i]))
    workers.sort(
      (a, b) =>
        (b.rating_avg ?? -1) - (a.rating_avg ?? -1) ||
        b.rating_count - a.rating_count ||
        order.get(a.worker_id)! - order.get(b.worker_id)!,
    )
  }
  return { workers }
}

/**
 * Take the booking lock of these workers for the rest of the caller's transaction (in id order),
 * before checking and writing their bookings: clashing bookings of one worker queue instead of
 * deadlocking. Lock order everywhere: the task (and its assignments) first, then its workers.
 */
export async function lockWorkersForBooking(tx: DbOrTx, workerIds: readonly number[]): Promise<void> {
  await availabilityRepository.lockWorkersForBooking(tx, workerIds)
}

/**
 * Refuse a booking the worker cannot take: unknown (404), inactive, not offering the service in
 * the task's town, outside working hours or on a day off, or already busy then (409 naming the
 * clash). Call inside the booking transaction; the database's exclusion constraint still
 * guards the race between two bookings that both pass this check.
 */
export async function assertWorkerBookable(db: DbOrTx, q: availabilityRepository.BookingSlot): Promise<void> {
  const check = await availabilityRepository.checkBooking(db, q)
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

/**
 * The worker's price for a service (or their only service), in paise, and what it is per (a unit of
 * a material, decision 069; null: the job); undefined when they do not offer it.
 */
export async function workerPrice(
  db: DbOrTx,
  workerId: number,
  serviceId: number | null,
): Promise<{ pricePaise: number; unit: OrderUnit | null } | undefined> {
  return rosterRepository.offerPrice(db, workerId, serviceId)
}

/** GET /api/workerservices/export.csv: the roster's offers as /wss filters them, price in paise (decision 045). */
export function exportWorkerServices(ctx: Ctx, query: WorkerServicesQuery): CsvTable {
  return {
    header: [
      'worker_id',
      'worker_name',
      'town',
      'service_name',
      'description',
      'price_paise',
      'phone_number',
      'email',
      'active',
      'unit',
    ],
    batches: mapBatches(rosterRepository.exportWorkerServiceBatches(ctx.database.db, query), (r) => [
      r.worker_id,
      r.worker_name,
      r.town,
      r.service_name,
      r.description,
      r.price_paise,
      r.phone_number,
      r.email,
      r.active,
      r.unit,
    ]),
  }
}
