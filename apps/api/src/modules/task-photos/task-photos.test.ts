import { randomUUID } from 'node:crypto'
import {
  MyRequestsResponseSchema,
  OwedResponseSchema,
  TASK_PHOTO_MAX_BYTES,
  TASK_PHOTOS_MAX,
  TaskPhotoResponseSchema,
  TaskPhotosResponseSchema,
  type TaskStatus,
} from '@townworks/contract'
import { count, eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { bearer, createUser, login, loginAs, type Session } from '../../../test/auth-helpers'
import { createTask, createWorker, officeApp, startWithCustomerCode, weekdaysAhead } from '../../../test/fixtures'
import {
  cameraJpegSegments,
  cameraPngChunks,
  cameraWebp,
  holdsCameraMetadata,
  IMAGES,
  jpegWith,
  pngWith,
} from '../../../test/images'
import { taskPhotoBlobs, taskPhotos, tasks } from '../../db/schema'
import { PHOTO_CACHE_CONTROL } from './task-photos.service'

const weekday = weekdaysAhead(60)

describe('photos of the finished work (issue 21)', () => {
  const t = officeApp({ town: 'Nizamabad' })

  const send = (s: Session | undefined, method: 'GET' | 'POST' | 'DELETE', url: string, extra = {}) =>
    t.app.inject({ method, url, headers: s ? bearer(s) : {}, ...extra })
  const upload = (s: Session, taskId: number, type: string, bytes: Buffer, key?: string) =>
    t.app.inject({
      method: 'POST',
      url: `/api/tasks/${taskId}/photos`,
      headers: { ...bearer(s), ...(key ? { 'idempotency-key': key } : {}) },
      payload: { type, data: bytes.toString('base64') },
    })
  const list = async (s: Session, taskId: number) => {
    const res = await send(s, 'GET', `/api/tasks/${taskId}/photos`)
    expect(res.statusCode, res.body).toBe(200)
    return TaskPhotosResponseSchema.parse(res.json())
  }
  /** The cast's task for the cast's customer, in a status (rows made directly: no start code needed). */
  const taskIn = async (status: TaskStatus, customer: Session = t.customer) =>
    (await createTask(t, { status, workerId: t.workerId, customerUserId: customer.user.id })).task.id
  const rows = async () => ({
    photos: (await t.database.db.select({ n: count() }).from(taskPhotos))[0]!.n,
    blobs: (await t.database.db.select({ n: count() }).from(taskPhotoBlobs))[0]!.n,
  })
  const storedBytes = async (photoId: number) => {
    const [photo] = await t.database.db.select().from(taskPhotos).where(eq(taskPhotos.id, photoId))
    const [blob] = await t.database.db.select().from(taskPhotoBlobs).where(eq(taskPhotoBlobs.key, photo!.storageKey))
    return Buffer.from(blob!.bytes)
  }

  it('a real JPEG from the camera is stored without its GPS Exif, listed, and served with its type and cache headers', async () => {
    // The whole way: the customer's request, the office's schedule, the start with the customer's code.
    const date = weekday()
    const request = await send(t.customer, 'POST', '/api/servicerequest', {
      payload: {
        name: 'Lakshmi Devi',
        phone: '98480 12345',
        service: 'Plumber',
        service_date: date,
        town: 'Nizamabad',
      },
    })
    expect(request.statusCode, request.body).toBe(201)
    const scheduled = await send(t.operator, 'POST', '/api/schedule', {
      payload: {
        taskName: 'Fix the kitchen tap',
        serviceDesc: '',
        workerId: t.workerId,
        date,
        startTime: '10:00',
        endTime: '12:00',
        requestId: request.json().id,
      },
    })
    expect(scheduled.statusCode, scheduled.body).toBe(201)
    const taskId = (scheduled.json() as { taskId: number }).taskId
    // Not before the work started.
    expect((await upload(t.worker, taskId, 'image/jpeg', IMAGES.jpeg)).json()).toMatchObject({
      code: 'CONFLICT',
      details: { reason: 'photos_closed', status: 'assigned' },
    })
    expect(await startWithCustomerCode(t, t.worker, t.customer, taskId)).toBe(200)

    const camera = jpegWith(IMAGES.jpeg, ...cameraJpegSegments())
    expect(holdsCameraMetadata(camera)).toContain('GPS latitude')
    const res = await upload(t.worker, taskId, 'image/jpeg', camera)
    expect(res.statusCode, res.body).toBe(201)
    const { photo } = TaskPhotoResponseSchema.parse(res.json())
    expect(photo).toMatchObject({
      task_id: taskId,
      type: 'image/jpeg',
      bytes: IMAGES.jpeg.length,
      width: 64,
      height: 48,
      url: `/api/task-photos/${photo.id}`,
    })
    // What is kept is the picture alone: the GPS position, the place, the camera's make are gone.
    const stored = await storedBytes(photo.id)
    expect(holdsCameraMetadata(stored)).toEqual([])
    expect(stored.equals(IMAGES.jpeg)).toBe(true)

    for (const viewer of [t.customer, t.worker, t.operator, t.admin]) {
      expect((await list(viewer, taskId)).photos).toEqual([photo])
      const image = await send(viewer, 'GET', photo.url)
      expect(image.statusCode).toBe(200)
      expect(image.headers['content-type']).toBe('image/jpeg')
      expect(image.headers['cache-control']).toBe(PHOTO_CACHE_CONTROL)
      expect(image.headers['cache-control']).toBe('private, max-age=31536000, immutable')
      expect(image.headers['x-content-type-options']).toBe('nosniff')
      expect(image.rawPayload.equals(IMAGES.jpeg)).toBe(true)
    }
    // The cookie of a browser session authorises the <img> as the bearer token does.
    const byCookie = await t.app.inject({ method: 'GET', url: photo.url, headers: { cookie: t.customer.cookie } })
    expect(byCookie.statusCode).toBe(200)
    expect((await list(t.worker, taskId)).can_add).toBe(true)
    expect((await list(t.customer, taskId)).can_add).toBe(false)
    // My requests counts them, so the customer's card knows without asking.
    const mine = MyRequestsResponseSchema.parse((await send(t.customer, 'GET', '/api/my/requests')).json())
    expect(mine.requests.find((r) => r.task?.id === taskId)?.task?.photo_count).toBe(1)
  })

  it('takes PNG and WebP too, without their eXIf, text, EXIF and XMP', async () => {
    const taskId = await taskIn('work_completed')
    const png = await upload(t.worker, taskId, 'image/png', pngWith(IMAGES.png, ...cameraPngChunks()))
    expect(png.statusCode, png.body).toBe(201)
    const webp = await upload(t.worker, taskId, 'image/webp', cameraWebp(IMAGES.webp))
    expect(webp.statusCode, webp.body).toBe(201)
    for (const [res, clean, type] of [
      [png, IMAGES.png, 'image/png'],
      [webp, IMAGES.webp, 'image/webp'],
    ] as const) {
      const { photo } = TaskPhotoResponseSchema.parse(res.json())
      expect(photo).toMatchObject({ type, width: 64, height: 48, bytes: clean.length })
      expect((await storedBytes(photo.id)).equals(clean)).toBe(true)
      const image = await send(t.customer, 'GET', photo.url)
      expect(image.headers['content-type']).toBe(type)
      expect(image.rawPayload.equals(clean)).toBe(true)
    }
  })

  it('refuses a renamed text file with 415, and a file that only starts like a JPEG, storing nothing', async () => {
    const taskId = await taskIn('work_inprogress')
    const before = await rows()
    const text = Buffer.from('These are my notes about the job, saved as photo.jpg\n'.repeat(20))
    const renamed = await upload(t.worker, taskId, 'image/jpeg', text)
    expect(renamed.statusCode).toBe(415)
    expect(renamed.json()).toMatchObject({ code: 'UNSUPPORTED_MEDIA_TYPE' })
    // The first three bytes of a JPEG, then text: not an image either.
    const disguised = await upload(
      t.worker,
      taskId,
      'image/jpeg',
      Buffer.concat([Buffer.from([0xff, 0xd8, 0xff]), text]),
    )
    expect(disguised.statusCode).toBe(415)
    // A PNG sent as a JPEG.
    expect((await upload(t.worker, taskId, 'image/jpeg', IMAGES.png)).statusCode).toBe(415)
    // A type the contract does not take.
    expect((await upload(t.worker, taskId, 'text/plain', text)).statusCode).toBe(400)
    expect(await rows()).toEqual(before)
  })

  it(`refuses a photo over ${TASK_PHOTO_MAX_BYTES / 1024} KB with 413, storing nothing`, async () => {
    const taskId = await taskIn('work_inprogress')
    const before = await rows()
    const big = Buffer.concat([IMAGES.jpeg.subarray(0, IMAGES.jpeg.length - 2), Buffer.alloc(TASK_PHOTO_MAX_BYTES, 7)])
    const res = await upload(t.worker, taskId, 'image/jpeg', big)
    expect(res.statusCode).toBe(413)
    expect(res.json()).toMatchObject({ code: 'PAYLOAD_TOO_LARGE' })
    expect(await rows()).toEqual(before)
  })

  it('only the task’s customer, its worker and staff see the photos: another customer and another worker get 404', async () => {
    const taskId = await taskIn('work_completed')
    const { photo } = TaskPhotoResponseSchema.parse((await upload(t.worker, taskId, 'image/jpeg', IMAGES.jpeg)).json())
    const otherCustomer = await loginAs(t, 'customer')
    const otherWorkerUser = await createUser(t, 'worker')
    await createWorker(t, { name: 'Another Worker', town: 'Nizamabad', userId: otherWorkerUser.id })
    const otherWorker = await login(t, otherWorkerUser)
    for (const stranger of [otherCustomer, otherWorker]) {
      for (const url of [`/api/tasks/${taskId}/photos`, photo.url]) {
        const res = await send(stranger, 'GET', url)
        expect(res.statusCode, `${stranger.user.role} on ${url}`).toBe(404)
        expect(res.headers['content-type']).toContain('application/json')
      }
    }
    // A task that does not exist answers the same.
    expect((await send(otherCustomer, 'GET', '/api/tasks/999999/photos')).json()).toEqual(
      (await send(otherCustomer, 'GET', `/api/tasks/${taskId}/photos`)).json(),
    )
    // Only the assigned worker adds or takes back: another worker learns nothing, a customer may not.
    expect((await upload(otherWorker, taskId, 'image/jpeg', IMAGES.jpeg)).statusCode).toBe(404)
    expect((await send(otherWorker, 'DELETE', photo.url)).statusCode).toBe(404)
    expect((await upload(t.customer, taskId, 'image/jpeg', IMAGES.jpeg)).statusCode).toBe(403)
    expect((await send(t.customer, 'DELETE', photo.url)).statusCode).toBe(403)
    expect((await send(undefined, 'GET', photo.url)).statusCode).toBe(401)
    // The office reads them.
    expect((await list(t.operator, taskId)).photos.map((p) => p.id)).toEqual([photo.id])
    expect((await send(t.admin, 'GET', photo.url)).statusCode).toBe(200)
  })

  it(`takes at most ${TASK_PHOTOS_MAX} photos per task: the next is 409`, async () => {
    const taskId = await taskIn('work_inprogress')
    for (let i = 0; i < TASK_PHOTOS_MAX; i++) {
      expect((await upload(t.worker, taskId, 'image/jpeg', IMAGES.jpeg)).statusCode).toBe(201)
    }
    const sixth = await upload(t.worker, taskId, 'image/jpeg', IMAGES.jpeg)
    expect(sixth.statusCode).toBe(409)
    expect(sixth.json()).toMatchObject({ code: 'CONFLICT', details: { reason: 'photos_full', max: TASK_PHOTOS_MAX } })
    const listed = await list(t.worker, taskId)
    expect(listed.photos).toHaveLength(TASK_PHOTOS_MAX)
    expect(listed).toMatchObject({ max: TASK_PHOTOS_MAX, can_add: false })
    // Sent at once, uploads cannot make more than the limit either.
    const other = await taskIn('work_inprogress')
    const answers = await Promise.all(
      Array.from({ length: TASK_PHOTOS_MAX + 2 }, () => upload(t.worker, other, 'image/jpeg', IMAGES.jpeg)),
    )
    expect(answers.filter((r) => r.statusCode === 201)).toHaveLength(TASK_PHOTOS_MAX)
    expect(answers.filter((r) => r.statusCode === 409)).toHaveLength(2)
    expect((await list(t.operator, other)).photos).toHaveLength(TASK_PHOTOS_MAX)
  })

  it('takes photos only while the work is in progress or completed: 409 otherwise', async () => {
    for (const status of ['assigned', 'work_pending', 'payment_pending', 'payment_received', 'cancelled'] as const) {
      const taskId = await taskIn(status)
      const res = await upload(t.worker, taskId, 'image/jpeg', IMAGES.jpeg)
      // A cancelled task has no assigned worker any more: it reads as missing.
      expect(res.statusCode, status).toBe(status === 'cancelled' ? 404 : 409)
      if (status !== 'cancelled') expect(res.json()).toMatchObject({ details: { reason: 'photos_closed', status } })
    }
    for (const status of ['work_inprogress', 'work_completed'] as const) {
      expect((await upload(t.worker, await taskIn(status), 'image/jpeg', IMAGES.jpeg)).statusCode, status).toBe(201)
    }
  })

  it('stores a photo sent twice with the same Idempotency-Key once, and answers the first photo', async () => {
    const taskId = await taskIn('work_inprogress')
    const before = await rows()
    const key = randomUUID()
    const first = await upload(t.worker, taskId, 'image/jpeg', IMAGES.jpeg, key)
    const again = await upload(t.worker, taskId, 'image/jpeg', IMAGES.jpeg, key)
    expect(first.statusCode).toBe(201)
    expect(again.statusCode).toBe(201)
    expect(again.json()).toEqual(first.json())
    expect(await rows()).toEqual({ photos: before.photos + 1, blobs: before.blobs + 1 })
    // Two retries at once also store one.
    const racing = randomUUID()
    const both = await Promise.all([1, 2].map(() => upload(t.worker, taskId, 'image/jpeg', IMAGES.jpeg, racing)))
    expect(both.map((r) => r.statusCode)).toEqual([201, 201])
    expect(both[0]!.json()).toEqual(both[1]!.json())
    expect(await rows()).toEqual({ photos: before.photos + 2, blobs: before.blobs + 2 })
    // A malformed key is refused before anything is stored.
    expect((await upload(t.worker, taskId, 'image/jpeg', IMAGES.jpeg, 'bad key!')).statusCode).toBe(400)
  })

  it('the worker takes a photo back while the task is open; its bytes go with it', async () => {
    const taskId = await taskIn('work_completed')
    const { photo } = TaskPhotoResponseSchema.parse((await upload(t.worker, taskId, 'image/jpeg', IMAGES.jpeg)).json())
    const before = await rows()
    const res = await send(t.worker, 'DELETE', photo.url)
    expect(res.statusCode, res.body).toBe(200)
    expect(res.json()).toEqual({ message: 'The photo is removed', id: photo.id })
    expect(await rows()).toEqual({ photos: before.photos - 1, blobs: before.blobs - 1 })
    expect((await send(t.customer, 'GET', photo.url)).statusCode).toBe(404)
    expect((await send(t.worker, 'DELETE', photo.url)).statusCode).toBe(404)
    // Once the customer moves on to payment, the photos stay as the customer saw them.
    const kept = TaskPhotoResponseSchema.parse((await upload(t.worker, taskId, 'image/jpeg', IMAGES.jpeg)).json()).photo
    await t.database.db.update(tasks).set({ status: 'payment_pending' }).where(eq(tasks.id, taskId))
    const late = await send(t.worker, 'DELETE', kept.url)
    expect(late.statusCode).toBe(409)
    expect(late.json()).toMatchObject({ details: { reason: 'photos_closed' } })
  })

  it('Payouts counts each owed task’s photos, for the office to look before paying', async () => {
    const taskId = await taskIn('work_completed')
    for (let i = 0; i < 2; i++) await upload(t.worker, taskId, 'image/jpeg', IMAGES.jpeg)
    await t.database.db.update(tasks).set({ status: 'payment_pending', pricePaise: 50_000 }).where(eq(tasks.id, taskId))
    const paid = await t.app.inject({
      method: 'POST',
      url: `/api/tasks/${taskId}/payments/manual`,
      headers: { ...bearer(t.operator), 'idempotency-key': randomUUID() },
      payload: { amount_paise: 50_000, method: 'cash', reference: 'receipt 7' },
    })
    expect(paid.statusCode, paid.body).toBeLessThan(300)
    const owed = OwedResponseSchema.parse((await send(t.operator, 'GET', '/api/payouts/owed')).json())
    const task = owed.workers.flatMap((w) => w.tasks).find((x) => x.task_id === taskId)
    expect(task?.photo_count).toBe(2)
  })
})
