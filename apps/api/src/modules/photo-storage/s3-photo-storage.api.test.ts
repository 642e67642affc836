import { TaskPhotoResponseSchema } from '@townworks/contract'
import { count, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { bearer } from '../../../test/auth-helpers'
import { createTask, officeCast, type OfficeCast } from '../../../test/fixtures'
import { cameraJpegSegments, holdsCameraMetadata, IMAGES, jpegWith } from '../../../test/images'
import { createTestApp, type TestApp } from '../../../test/test-app'
import { taskPhotoBlobs, taskPhotos } from '../../db/schema'
import { startFakeS3, type FakeS3 } from './testing/fake-s3'

// The photos of the work through the API with PHOTO_STORAGE=s3 (decision 057): the bytes go to the
// bucket (a fake S3 that checks every signature), never into task_photo_blobs, and the image is
// still served by the API, under its access rule.
describe('photos of the work kept in an S3-compatible bucket', () => {
  let fake: FakeS3
  let t: TestApp & OfficeCast

  beforeAll(async () => {
    fake = await startFakeS3()
    const app = await createTestApp({ PHOTO_STORAGE: 's3', ...fake.env() })
    t = Object.assign(app, await officeCast(app))
  })
  afterAll(async () => {
    await t?.close()
    await fake?.close()
  })

  const blobRows = async () => (await t.database.db.select({ n: count() }).from(taskPhotoBlobs))[0]!.n
  const photoRows = async (taskId: number) =>
    t.database.db.select().from(taskPhotos).where(eq(taskPhotos.taskId, taskId))

  it('upload, image and delete: the bytes go to the bucket and back, none into task_photo_blobs', async () => {
    const { task } = await createTask(t, {
      status: 'work_completed',
      workerId: t.workerId,
      customerUserId: t.customer.user.id,
    })
    const camera = jpegWith(IMAGES.jpeg, ...cameraJpegSegments())
    const uploaded = await t.app.inject({
      method: 'POST',
      url: `/api/tasks/${task.id}/photos`,
      headers: { ...bearer(t.worker), 'idempotency-key': 'a3f1c6d2-3e2b-4b8e-9a51-6f0c2d7e8b90' },
      payload: { type: 'image/jpeg', data: camera.toString('base64') },
    })
    expect(uploaded.statusCode, uploaded.body).toBe(201)
    const { photo } = TaskPhotoResponseSchema.parse(uploaded.json())

    // In the bucket, under the row's key, without the camera's metadata; nothing in the database's blobs.
    const [row] = await photoRows(task.id)
    expect(row!.storageKey).toMatch(new RegExp(`^tasks/${task.id}/[0-9a-f-]{36}$`))
    expect([...fake.objects.keys()]).toEqual([row!.storageKey])
    const stored = fake.objects.get(row!.storageKey)!
    expect(stored.type).toBe('image/jpeg')
    expect(stored.bytes.equals(IMAGES.jpeg)).toBe(true)
    expect(holdsCameraMetadata(stored.bytes)).toEqual([])
    expect(await blobRows()).toBe(0)

    // The image through the API, for the task's customer and the office; the bytes come from the bucket.
    for (const viewer of [t.customer, t.operator]) {
      const image = await t.app.inject({ method: 'GET', url: photo.url, headers: bearer(viewer) })
      expect(image.statusCode).toBe(200)
      expect(image.headers['content-type']).toBe('image/jpeg')
      expect(image.headers['cache-control']).toBe('private, max-age=31536000, immutable')
      expect(image.rawPayload.equals(IMAGES.jpeg)).toBe(true)
    }
    expect(fake.requests.filter((r) => r.method === 'GET' && r.key === row!.storageKey)).toHaveLength(2)
    // Someone else's customer never reaches the bucket: the access rule is the API's.
    const gets = fake.requests.length
    const stranger = await t.app.inject({ method: 'GET', url: photo.url })
    expect(stranger.statusCode).toBe(401)
    expect(fake.requests).toHaveLength(gets)

    // A retry with the same Idempotency-Key answers the first photo and leaves one object.
    const retry = await t.app.inject({
      method: 'POST',
      url: `/api/tasks/${task.id}/photos`,
      headers: { ...bearer(t.worker), 'idempotency-key': 'a3f1c6d2-3e2b-4b8e-9a51-6f0c2d7e8b90' },
      payload: { type: 'image/jpeg', data: camera.toString('base64') },
    })
    expect(retry.statusCode, retry.body).toBe(201)
    expect(TaskPhotoResponseSchema.parse(retry.json()).photo.id).toBe(photo.id)
    expect(fake.objects.size).toBe(1)

    const deleted = await t.app.inject({ method: 'DELETE', url: photo.url, headers: bearer(t.worker) })
    expect(deleted.statusCode, deleted.body).toBe(200)
    expect(fake.objects.size).toBe(0)
    expect(fake.requests.at(-1)).toMatchObject({ method: 'DELETE', key: row!.storageKey, status: 204 })
    expect(await photoRows(task.id)).toEqual([])
    expect(await blobRows()).toBe(0)
    // Every request the API made was signed with the configured key and accepted.
    expect(fake.requests.filter((r) => r.accessKeyId !== fake.accessKeyId || r.status >= 400)).toEqual([])
  })

  it('while the bucket is down an upload fails with nothing stored, and an image is a 500, not a 404', async () => {
    const { task } = await createTask(t, {
      status: 'work_inprogress',
      workerId: t.workerId,
      customerUserId: t.customer.user.id,
    })
    const upload = () =>
      t.app.inject({
        method: 'POST',
        url: `/api/tasks/${task.id}/photos`,
        headers: bearer(t.worker),
        payload: { type: 'image/png', data: IMAGES.png.toString('base64') },
      })
    const ok = await upload()
    expect(ok.statusCode, ok.body).toBe(201)
    const { photo } = TaskPhotoResponseSchema.parse(ok.json())

    fake.outage = true
    try {
      const refused = await upload()
      expect(refused.statusCode).toBe(500)
      expect(refused.body).not.toContain(fake.secretAccessKey)
      expect(await photoRows(task.id)).toHaveLength(1)
      const image = await t.app.inject({ method: 'GET', url: photo.url, headers: bearer(t.customer) })
      expect(image.statusCode).toBe(500)
    } finally {
      fake.outage = false
    }
    const image = await t.app.inject({ method: 'GET', url: photo.url, headers: bearer(t.customer) })
    expect(image.statusCode).toBe(200)
    expect(image.rawPayload.equals(IMAGES.png)).toBe(true)
    expect(await blobRows()).toBe(0)
  })
})
