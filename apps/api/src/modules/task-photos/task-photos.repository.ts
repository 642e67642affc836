import type { PhotoType } from '@townworks/contract'
import { and, asc, count, eq, inArray } from 'drizzle-orm'
import type { DbOrTx } from '../../db/client'
import { taskPhotos } from '../../db/schema'

// Photos of the work (decision 057): their rows, and their bytes when the database keeps them.

export interface PhotoRow {
  id: number
  taskId: number
  storageKey: string
  type: PhotoType
  size: number
  width: number | null
  height: number | null
  uploadedByUserId: number | null
  createdAt: Date
}

const photoColumns = {
  id: taskPhotos.id,
  taskId: taskPhotos.taskId,
  storageKey: taskPhotos.storageKey,
  type: taskPhotos.contentType,
  size: taskPhotos.size,
  width: taskPhotos.width,
  height: taskPhotos.height,
  uploadedByUserId: taskPhotos.uploadedByUserId,
  createdAt: taskPhotos.createdAt,
}

/** A task's photos, oldest first. */
export async function photosOfTask(db: DbOrTx, taskId: number): Promise<PhotoRow[]> {
  return db.select(photoColumns).from(taskPhotos).where(eq(taskPhotos.taskId, taskId)).orderBy(asc(taskPhotos.id))
}

/** One photo's row; undefined when missing. */
export async function photoById(db: DbOrTx, id: number): Promise<PhotoRow | undefined> {
  const [row] = await db.select(photoColumns).from(taskPhotos).where(eq(taskPhotos.id, id))
  return row
}

/** The photo a retried upload already stored: the same task and Idempotency-Key. */
export async function photoByIdempotencyKey(db: DbOrTx, taskId: number, key: string): Promise<PhotoRow | undefined> {
  const [row] = await db
    .select(photoColumns)
    .from(taskPhotos)
    .where(and(eq(taskPhotos.taskId, taskId), eq(taskPhotos.idempotencyKey, key)))
  return row
}

/** How many photos each of these tasks has (tasks without any are left out). */
export async function photoCounts(db: DbOrTx, taskIds: readonly number[]): Promise<Map<number, number>> {
  if (taskIds.length === 0) return new Map()
  const rows = await db
    .select({ taskId: taskPhotos.taskId, n: count() })
    .from(taskPhotos)
    .where(inArray(taskPhotos.taskId, [...taskIds]))
    .groupBy(taskPhotos.taskId)
  return new Map(rows.map((r) => [r.taskId, r.n]))
}

export interface NewPhoto {
  taskId: number
  storageKey: string
  type: PhotoType
  size: number
  width: number | null
  height: number | null
  uploadedByUserId: number
  idempotencyKey: string | null
}

/** Store a photo's row; undefined when its Idempotency-Key was used for this task already (a retry). */
export async function insertPhoto(tx: DbOrTx, photo: NewPhoto): Promise<PhotoRow | undefined> {
  const { type, ...rest } = photo
  const [row] = await tx
    .insert(taskPhotos)
    .values({ ...rest, contentType: type })
    .onConflictDoNothing({ target: [taskPhotos.taskId, taskPhotos.idempotencyKey] })
    .returning(photoColumns)
  return row
}

/** Remove a photo's row; answers its storage key, undefined when it was gone already. */
export async function deletePhoto(tx: DbOrTx, id: number): Promise<string | undefined> {
  const [row] = await tx.delete(taskPhotos).where(eq(taskPhotos.id, id)).returning({ key: taskPhotos.storageKey })
  return row?.key
}
