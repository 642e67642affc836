import {
  isAllowed,
  STAFF,
  TASK_PHOTO_MAX_BYTES,
  TASK_PHOTO_STATUSES,
  TASK_PHOTOS_MAX,
  type DeleteTaskPhotoResponse,
  type PhotoType,
  type TaskPhoto,
  type TaskPhotoRefusal,
  type TaskPhotoResponse,
  type TaskPhotosResponse,
  type TaskPhotoUpload,
  type TaskStatus,
} from '@townworks/contract'
import type { DbOrTx } from '../../db/client'
import { transactionWithRetry } from '../../db/transaction'
import { AppError, notFound } from '../../shared/app-error'
import type { AuthUser, Ctx } from '../../shared/context'
import { cleanPhoto } from '../../shared/image'
import * as tasksService from '../tasks/tasks.service'
import { newPhotoKey, type PhotoStorage } from '../photo-storage/photo-storage.service'
import * as repository from './task-photos.repository'

// Photos of the finished work (issue 21, decision 057): the task's assigned worker adds them while the
// work is in progress or completed; its customer, its workers and staff see them. Anyone else gets the
// same 404 as for a task or photo that does not exist.

/** How a browser may keep a photo: it never changes (a new photo is a new id), and it is this person's. */
export const PHOTO_CACHE_CONTROL = 'private, max-age=31536000, immutable'

function photoOut(row: repository.PhotoRow): TaskPhoto {
  return {
    id: row.id,
    task_id: row.taskId,
    type: row.type,
    bytes: row.size,
    width: row.width,
    height: row.height,
    created_at: row.createdAt.toISOString(),
    url: `/api/task-photos/${row.id}`,
  }
}

function caller(ctx: Ctx): AuthUser {
  if (!ctx.user) throw new AppError('UNAUTHENTICATED', 'Please log in to continue')
  return ctx.user
}

/** Who sees a task's photos: staff, the customer of its request, its assigned workers. */
function mayRead(task: tasksService.TaskParties | undefined, user: AuthUser): task is tasksService.TaskParties {
  if (!task) return false
  if (isAllowed(STAFF, user.role)) return true
  if (user.role === 'customer') return task.customerUserId === user.id
  return user.role === 'worker' && task.workerUserIds.includes(user.id)
}

/** Whether this login is the task's assigned worker: only they add or take back its photos. */
const isTaskWorker = (task: tasksService.TaskParties | undefined, user: AuthUser): task is tasksService.TaskParties =>
  task !== undefined && user.role === 'worker' && task.workerUserIds.includes(user.id)

const photosOpen = (status: TaskStatus) => (TASK_PHOTO_STATUSES as readonly TaskStatus[]).includes(status)

function refused(reason: TaskPhotoRefusal, message: string, details: Record<string, unknown> = {}): AppError {
  return new AppError('CONFLICT', message, { details: { reason, ...details } })
}

/** 409 unless the task takes one more photo now: in progress or completed, and not full. */
function checkRoom(status: TaskStatus, photos: number): void {
  if (!photosOpen(status)) {
    throw refused('photos_closed', 'Photos of the work can be added while the work is in progress or completed', {
      status,
    })
  }
  if (photos >= TASK_PHOTOS_MAX) {
    throw refused('photos_full', `A job has at most ${TASK_PHOTOS_MAX} photos of the work`, { max: TASK_PHOTOS_MAX })
  }
}

/** GET /api/tasks/{task_id}/photos: the task's photos, oldest first, and whether the caller may add one now. */
export async function listTaskPhotos(ctx: Ctx, taskId: number): Promise<TaskPhotosResponse> {
  const user = caller(ctx)
  const db = ctx.database.db
  const task = await tasksService.taskParties(db, taskId, { lock: false })
  if (!mayRead(task, user)) throw notFound('Task')
  const photos = await repository.photosOfTask(db, taskId)
  return {
    photos: photos.map(photoOut),
    max: TASK_PHOTOS_MAX,
    can_add: isTaskWorker(task, user) && photosOpen(task.status) && photos.length < TASK_PHOTOS_MAX,
  }
}

/**
 * POST /api/tasks/{task_id}/photos: the assigned worker adds a photo of the work. The bytes must be
 * the type named (415) and at most TASK_PHOTO_MAX_BYTES (413); their metadata (Exif with GPS, XMP,
 * comments) is removed before they are stored. With an Idempotency-Key, a retry after a lost answer
 * answers the photo stored the first time and stores nothing new. The room (status, at most
 * TASK_PHOTOS_MAX) is checked again under the task's lock, so two uploads at once cannot make six.
 */
export async function addTaskPhoto(
  ctx: Ctx,
  storage: PhotoStorage,
  taskId: number,
  body: TaskPhotoUpload,
  idempotencyKey?: string,
): Promise<TaskPhotoResponse> {
  const user = caller(ctx)
  const db = ctx.database.db
  // Who and when first, before any work on the bytes.
  const seen = await tasksService.taskParties(db, taskId, { lock: false })
  if (!isTaskWorker(seen, user)) throw notFound('Task')
  if (idempotencyKey) {
    const first = await repository.photoByIdempotencyKey(db, taskId, idempotencyKey)
    if (first) return { photo: photoOut(first) }
  }
  checkRoom(seen.status, (await repository.photoCounts(db, [taskId])).get(taskId) ?? 0)
  const clean = cleanPhoto(body.type, body.data, 'data', TASK_PHOTO_MAX_BYTES)
  const key = newPhotoKey(`tasks/${taskId}`)
  await storage.put(key, clean.bytes, clean.type)
  let outcome: { row: repository.PhotoRow; stored: boolean }
  try {
    outcome = await transactionWithRetry(db, async (tx) => {
      const task = await tasksService.taskParties(tx, taskId, { lock: true })
      if (!isTaskWorker(task, user)) throw notFound('Task')
      if (idempotencyKey) {
        const first = await repository.photoByIdempotencyKey(tx, taskId, idempotencyKey)
        if (first) return { row: first, stored: false }
      }
      checkRoom(task.status, (await repository.photoCounts(tx, [taskId])).get(taskId) ?? 0)
      const row = await repository.insertPhoto(tx, {
        taskId,
        storageKey: key,
        type: clean.type,
        size: clean.bytes.length,
        width: clean.width,
        height: clean.height,
        uploadedByUserId: user.id,
        idempotencyKey: idempotencyKey ?? null,
      })
      if (!row) throw new AppError('CONFLICT', 'This photo is being stored. Please try again.')
      return { row, stored: true }
    })
  } catch (error) {
    // No row names the bytes: take them back (should that fail too, no read ever reaches them).
    await storage.delete(key).catch(() => undefined)
    throw error
  }
  if (!outcome.stored) await storage.delete(key).catch(() => undefined)
  return { photo: photoOut(outcome.row) }
}

/** GET /api/task-photos/{id}: the photo's bytes and type, for those who see the task's photos. */
export async function taskPhotoImage(
  ctx: Ctx,
  storage: PhotoStorage,
  id: number,
): Promise<{ type: PhotoType; bytes: Buffer }> {
  const user = caller(ctx)
  const db = ctx.database.db
  const row = await repository.photoById(db, id)
  if (!row || !mayRead(await tasksService.taskParties(db, row.taskId, { lock: false }), user)) throw notFound('Photo')
  const stored = await storage.get(row.storageKey)
  if (!stored) throw notFound('Photo')
  return { type: row.type, bytes: stored.bytes }
}

/**
 * DELETE /api/task-photos/{id}: the worker who added it, still assigned, takes a photo back while the
 * task is in progress or completed (409 after: the customer and the office have seen it).
 */
export async function deleteTaskPhoto(ctx: Ctx, storage: PhotoStorage, id: number): Promise<DeleteTaskPhotoResponse> {
  const user = caller(ctx)
  const key = await transactionWithRetry(ctx.database.db, async (tx) => {
    const row = await repository.photoById(tx, id)
    if (!row || row.uploadedByUserId !== user.id) throw notFound('Photo')
    const task = await tasksService.taskParties(tx, row.taskId, { lock: true })
    if (!isTaskWorker(task, user)) throw notFound('Photo')
    if (!photosOpen(task.status)) {
      throw refused(
        'photos_closed',
        'Photos of the work can be taken back only while the work is in progress or completed',
        {
          status: task.status,
        },
      )
    }
    const deleted = await repository.deletePhoto(tx, id)
    if (!deleted) throw notFound('Photo')
    return deleted
  })
  // After the row is gone: bytes no row names are never served, so a failure here only leaves them.
  await storage.delete(key).catch(() => undefined)
  return { message: 'The photo is removed', id }
}

/** How many photos of the work each task has (My requests, Payouts); 0 for a task without any. */
export async function photoCountsOf(db: DbOrTx, taskIds: readonly number[]): Promise<Map<number, number>> {
  return repository.photoCounts(db, taskIds)
}
