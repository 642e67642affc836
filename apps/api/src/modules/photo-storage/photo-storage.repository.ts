import type { PhotoType } from '@townworks/contract'
import { eq } from 'drizzle-orm'
import type { DbOrTx } from '../../db/client'
import { taskPhotoBlobs } from '../../db/schema'

// The database's photo storage (photo-storage.service.ts): bytes by key, in task_photo_blobs (named
// for its first use; worker photos live there too, under their own keys).

export async function putBlob(db: DbOrTx, key: string, bytes: Buffer, type: PhotoType): Promise<void> {
  await db.insert(taskPhotoBlobs).values({ key, contentType: type, size: bytes.length, bytes })
}

export async function getBlob(db: DbOrTx, key: string): Promise<{ bytes: Buffer; type: PhotoType } | undefined> {
  const [row] = await db
    .select({ bytes: taskPhotoBlobs.bytes, type: taskPhotoBlobs.contentType })
    .from(taskPhotoBlobs)
    .where(eq(taskPhotoBlobs.key, key))
  return row ? { bytes: Buffer.from(row.bytes), type: row.type } : undefined
}

export async function deleteBlob(db: DbOrTx, key: string): Promise<void> {
  await db.delete(taskPhotoBlobs).where(eq(taskPhotoBlobs.key, key))
}
