import type { PhotoType, WorkerLanguage, WorkerProfileFields } from '@townworks/contract'
import { eq, inArray } from 'drizzle-orm'
import type { DbOrTx } from '../../db/client'
import { tableNames } from '../../db/tables'
import { workers } from '../../db/schema'

// A worker's own profile fields (issue 21, decision 059): languages, years in the trade, photo.

/** What profileFieldsOf reads. */
export const PROFILE_READ = tableNames(workers)

/** The address of a worker's photo: its random name is the last part of its storage key. */
export function workerPhotoUrl(workerId: number, photoKey: string | null): string | null {
  return photoKey ? `/api/workers/${workerId}/photo/${photoKey.slice(photoKey.lastIndexOf('/') + 1)}` : null
}

/** The storage key a photo's address names (`workers/{id}/{name}`). */
export function workerPhotoKey(workerId: number, name: string): string {
  return `workers/${workerId}/${name}`
}

/** These workers' profile fields, by worker id (missing workers are left out). */
export async function profileFieldsOf(
  db: DbOrTx,
  workerIds: readonly number[],
): Promise<Map<number, WorkerProfileFields>> {
  if (workerIds.length === 0) return new Map()
  const rows = await db
    .select({
      id: workers.id,
      languages: workers.languages,
      experienceYears: workers.experienceYears,
      photoKey: workers.photoKey,
    })
    .from(workers)
    .where(inArray(workers.id, [...new Set(workerIds)]))
  return new Map(
    rows.map((r) => [
      r.id,
      {
        photo_url: workerPhotoUrl(r.id, r.photoKey),
        languages: r.languages as WorkerLanguage[],
        experience_years: r.experienceYears,
      },
    ]),
  )
}

/** A worker's photo as stored now: its key and type; undefined when the worker is missing. */
export async function photoOf(
  db: DbOrTx,
  workerId: number,
): Promise<{ key: string | null; type: PhotoType | null; active: boolean } | undefined> {
  const [row] = await db
    .select({ key: workers.photoKey, type: workers.photoType, active: workers.active })
    .from(workers)
    .where(eq(workers.id, workerId))
  return row
}

/** Point a worker at a new photo (or none). The caller holds the worker's row lock. */
export async function setPhoto(
  tx: DbOrTx,
  workerId: number,
  photo: { key: string; type: PhotoType } | null,
): Promise<void> {
  await tx
    .update(workers)
    .set({ photoKey: photo?.key ?? null, photoType: photo?.type ?? null })
    .where(eq(workers.id, workerId))
}

/** Replace the languages a worker speaks. */
export async function setLanguages(tx: DbOrTx, workerId: number, languages: readonly WorkerLanguage[]): Promise<void> {
  await tx
    .update(workers)
    .set({ languages: [...languages] })
    .where(eq(workers.id, workerId))
}
