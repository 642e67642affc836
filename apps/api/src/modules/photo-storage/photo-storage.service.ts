import { randomUUID } from 'node:crypto'
import type { PhotoType } from '@townworks/contract'
import type { Config } from '../../config/config'
import type { DbOrTx } from '../../db/client'
import * as repository from './photo-storage.repository'
import { s3PhotoStorage } from './s3-photo-storage'

/**
 * Where the bytes of the photos of the work live (decision 057). A photo's row (task_photos) names
 * its key; the storage keeps the bytes under it. Each call is its own write, never part of the
 * caller's transaction: an object store has none. The service writes the bytes before the row and
 * deletes them when the row is refused, so a failed upload leaves nothing behind (a crash in between
 * may leave bytes that no row names: never served, since every read starts from a row).
 */
export interface PhotoStorage {
  /** What keeps the bytes: 'database' (task_photo_blobs) or 's3' (an S3-compatible bucket). */
  readonly kind: string
  put(key: string, bytes: Buffer, type: PhotoType): Promise<void>
  /** The bytes and their type; undefined when nothing is stored under the key. */
  get(key: string): Promise<{ bytes: Buffer; type: PhotoType } | undefined>
  /** Remove the bytes; nothing happens when none are stored under the key. */
  delete(key: string): Promise<void>
}

/**
 * The default: the bytes in the database's task_photo_blobs table (bytea), as the request's photo is
 * kept (decision 027). Works on the embedded database and on PostgreSQL with nothing else installed,
 * and a backup or a move to PostgreSQL carries the photos with the rest.
 */
export function databasePhotoStorage(db: DbOrTx): PhotoStorage {
  return {
    kind: 'database',
    put: (key, bytes, type) => repository.putBlob(db, key, bytes, type),
    get: (key) => repository.getBlob(db, key),
    delete: (key) => repository.deleteBlob(db, key),
  }
}

/**
 * A new photo's key: what it belongs to (`tasks/12`, `workers/3`), then a random name. An object
 * store's path; never guessable, never reused.
 */
export function newPhotoKey(owner: `${'tasks' | 'workers'}/${number}`): string {
  return `${owner}/${randomUUID()}`
}

/** The settings that choose the photo storage (PHOTO_STORAGE and the S3_* ones). */
export type PhotoStorageConfig = Pick<
  Config,
  'PHOTO_STORAGE' | 'S3_ENDPOINT' | 'S3_BUCKET' | 'S3_REGION' | 'S3_ACCESS_KEY_ID' | 'S3_SECRET_ACCESS_KEY'
>

/**
 * The photo storage the configuration chooses: the database's (PHOTO_STORAGE=database, the default)
 * or an S3-compatible bucket (PHOTO_STORAGE=s3). Every caller passes the app's config
 * (`photoStorageFor(app.database.db, app.config)`), so all photos go to one place.
 */
export function photoStorageFor(db: DbOrTx, config: PhotoStorageConfig): PhotoStorage {
  if (config.PHOTO_STORAGE === 'database') return databasePhotoStorage(db)
  const { S3_ENDPOINT, S3_BUCKET, S3_REGION, S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY } = config
  // loadConfig refuses PHOTO_STORAGE=s3 without them; this only guards a hand-made config.
  if (!S3_ENDPOINT || !S3_BUCKET || !S3_ACCESS_KEY_ID || !S3_SECRET_ACCESS_KEY) {
    throw new Error('PHOTO_STORAGE=s3 needs S3_ENDPOINT, S3_BUCKET, S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY')
  }
  return s3PhotoStorage({
    endpoint: S3_ENDPOINT,
    bucket: S3_BUCKET,
    region: S3_REGION,
    accessKeyId: S3_ACCESS_KEY_ID,
    secretAccessKey: S3_SECRET_ACCESS_KEY,
  })
}
