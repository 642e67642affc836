import {
  MyJobsResponseSchema,
  MyRequestsResponseSchema,
  WORKER_PHOTO_MAX_BYTES,
  WorkerLanguagesResponseSchema,
  WorkerPhotoResponseSchema,
  WorkerProfileResponseSchema,
  WorkerResponseSchema,
  WorkerServicesResponseSchema,
} from '@townworks/contract'
import { count, eq, like } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { bearer, createUser, login, type Session } from '../../../test/auth-helpers'
import { createTask, createWorker, officeApp } from '../../../test/fixtures'
import { cameraJpegSegments, holdsCameraMetadata, IMAGES, jpegWith } from '../../../test/images'
import { taskPhotoBlobs, taskPhotos, taskStartCodes, workers } from '../../db/schema'

describe("a worker's profile: photo, languages, years (issue 21)", () => {
  const t = officeApp({ town: 'Armoor' })

  const call = (s: Session | undefined, method: 'GET' | 'PUT' | 'DELETE' | 'POST', url: string, payload?: object) =>
    t.app.inject({ method, url, headers: s ? bearer(s) : {}, ...(payload ? { payload } : {}) })
  const photoBody = (bytes: Buffer, type = 'image/jpeg') => ({ type, data: bytes.toString('base64') })
  const workerRow = async (id: number) => (await t.database.db.select().from(workers).where(eq(workers.id, id)))[0]!
  const blobsOf = async (id: number) =>
    (
      await t.database.db
        .select({ n: count() })
        .from(taskPhotoBlobs)
        .where(like(taskPhotoBlobs.key, `workers/${id}/%`))
    )[0]!.n
  const profile = async (id: number) => {
    const res = await call(undefined, 'GET', `/api/workers/${id}/profile`)
    expect(res.statusCode, res.body).toBe(200)
    return WorkerProfileResponseSchema.parse(res.json()).profile
  }
  const detail = async (id: number) =>
    WorkerResponseSchema.parse((await call(t.operator, 'GET', `/api/workerservices/${id}`)).json()).worker
  const workerForm = (over: object = {}) => ({
    worker_name: 'Ravi Kumar',
    town: 'Armoor',
    phone_number: '9000011111',
    services: [{ service_name: 'Plumber', description: 'Taps', price: 450 }],
    ...over,
  })

  it('the office sets languages and years with the worker; an edit without them keeps them; bad ones change nothing', async () => {
    const created = await call(t.operator, 'POST', '/api/workerservices', {
      ...workerForm({ phone_number: '9000011112', worker_name: 'Anwar Pasha' }),
      languages: ['te', 'ur', 'hi'],
      experience_years: '12',
    })
    expect(created.statusCode, created.body).toBe(201)
    const id = created.json().worker.worker_id as number
    expect(await detail(id)).toMatchObject({ languages: ['te', 'ur', 'hi'], experience_years: 12, photo_url: null })

    // The seed's own form sends neither: the profile stays.
    const edited = await call(t.operator, 'PUT', `/api/workerservices/${id}`, {
      ...workerForm({ phone_number: '9000011112', worker_name: 'Anwar Pasha K' }),
    })
    expect(edited.statusCode, edited.body).toBe(200)
    expect(await detail(id)).toMatchObject({
      worker_name: 'Anwar Pasha K',
      languages: ['te', 'ur', 'hi'],
      experience_years: 12,
    })

    for (const bad of [
      { languages: ['te', 'fr'] },
      { languages: ['te', 'te'] },
      { experience_years: 61 },
      { experience_years: '3.5' },
      { experience_years: -1 },
    ]) {
      const res = await call(t.operator, 'PUT', `/api/workerservices/${id}`, {
        ...workerForm({ phone_number: '9000011112', worker_name: 'Changed' }),
        ...bad,
      })
      expect(res.statusCode, JSON.stringify(bad)).toBe(400)
    }
    expect(await detail(id)).toMatchObject({
      worker_name: 'Anwar Pasha K',
      languages: ['te', 'ur', 'hi'],
      experience_years: 12,
    })

    // Clearing the years: an empty field is "not known".
    const cleared = await call(t.operator, 'PUT', `/api/workerservices/${id}`, {
      ...workerForm({ phone_number: '9000011112', worker_name: 'Anwar Pasha K' }),
      experience_years: '',
      languages: [],
    })
    expect(cleared.statusCode, cleared.body).toBe(200)
    expect(await detail(id)).toMatchObject({ languages: [], experience_years: null })
  })

  it("the worker's own photo is stripped of the camera's metadata, public on their profile, and replaced cleanly", async () => {
    const camera = jpegWith(IMAGES.jpeg, ...cameraJpegSegments())
    expect(holdsCameraMetadata(camera).length).toBeGreaterThan(0)
    const res = await call(t.worker, 'PUT', `/api/workers/${t.workerId}/photo`, photoBody(camera))
    expect(res.statusCode, res.body).toBe(200)
    const first = WorkerPhotoResponseSchema.parse(res.json()).photo_url!
    expect(first).toMatch(new RegExp(`^/api/workers/${t.workerId}/photo/[0-9a-f-]{36}$`))

    // Anyone may see it (it is on the public profile), as an image that is never sniffed.
    const image = await call(undefined, 'GET', first)
    expect(image.statusCode).toBe(200)
    expect(image.headers['content-type']).toBe('image/jpeg')
    expect(image.headers['x-content-type-options']).toBe('nosniff')
    expect(image.headers['cache-control']).toContain('public')
    expect(holdsCameraMetadata(image.rawPayload)).toEqual([])
    expect(image.rawPayload.subarray(0, 3).equals(Buffer.from([0xff, 0xd8, 0xff]))).toBe(true)

    expect((await profile(t.workerId)).photo_url).toBe(first)
    const jobs = MyJobsResponseSchema.parse((await call(t.worker, 'GET', '/api/my/jobs')).json())
    expect(jobs.worker?.photo_url).toBe(first)

    // A new photo is a new address; the old one stops answering and its bytes are gone.
    const again = await call(t.worker, 'PUT', `/api/workers/${t.workerId}/photo`, photoBody(IMAGES.png, 'image/png'))
    expect(again.statusCode, again.body).toBe(200)
    const second = WorkerPhotoResponseSchema.parse(again.json()).photo_url!
    expect(second).not.toBe(first)
    expect((await call(undefined, 'GET', first)).statusCode).toBe(404)
    expect((await call(undefined, 'GET', second)).headers['content-type']).toBe('image/png')
    expect(await blobsOf(t.workerId)).toBe(1)

    // A made-up name, or another worker's id with this name, is 404 too.
    const name = second.split('/').at(-1)!
    expect((await call(undefined, 'GET', `/api/workers/${t.otherWorkerId}/photo/${name}`)).statusCode).toBe(404)
    expect((await call(undefined, 'GET', `/api/workers/${t.workerId}/photo/${crypto.randomUUID()}`)).statusCode).toBe(
      404,
    )

    const removed = await call(t.worker, 'DELETE', `/api/workers/${t.workerId}/photo`)
    expect(removed.statusCode, removed.body).toBe(200)
    expect(removed.json().photo_url).toBeNull()
    expect((await call(undefined, 'GET', second)).statusCode).toBe(404)
    expect(await blobsOf(t.workerId)).toBe(0)
    expect((await workerRow(t.workerId)).photoKey).toBeNull()
  })

  it('refuses what is not a photo, or too large, and changes nothing', async () => {
    const before = await workerRow(t.workerId)
    const text = Buffer.from('This is a text file named photo.jpg, not a photo at all.')
    const renamed = await call(t.worker, 'PUT', `/api/workers/${t.workerId}/photo`, photoBody(text))
    expect(renamed.statusCode).toBe(415)
    const cut = await call(t.worker, 'PUT', `/api/workers/${t.workerId}/photo`, photoBody(IMAGES.jpeg.subarray(0, 40)))
    expect(cut.statusCode).toBe(415)
    const big = Buffer.concat([IMAGES.jpeg, Buffer.alloc(WORKER_PHOTO_MAX_BYTES)])
    const tooLarge = await call(t.worker, 'PUT', `/api/workers/${t.workerId}/photo`, photoBody(big))
    expect([400, 413]).toContain(tooLarge.statusCode)
    expect(await workerRow(t.workerId)).toEqual(before)
    expect(await blobsOf(t.workerId)).toBe(0)
  })

  it('a worker changes only their own photo and languages; customers none; staff any', async () => {
    const otherUser = await createUser(t, 'worker')
    const other = await login(t, otherUser)
    await createWorker(t, { name: 'Mahesh', town: 'Armoor', userId: otherUser.id })

    const theirs = await call(other, 'PUT', `/api/workers/${t.workerId}/languages`, { languages: ['en'] })
    expect(theirs.statusCode).toBe(403)
    expect((await call(other, 'PUT', `/api/workers/${t.workerId}/photo`, photoBody(IMAGES.jpeg))).statusCode).toBe(403)
    expect((await call(other, 'DELETE', `/api/workers/${t.workerId}/photo`)).statusCode).toBe(403)
    expect(
      (await call(t.customer, 'PUT', `/api/workers/${t.workerId}/languages`, { languages: ['en'] })).statusCode,
    ).toBe(403)
    expect(
      (await call(undefined, 'PUT', `/api/workers/${t.workerId}/languages`, { languages: ['en'] })).statusCode,
    ).toBe(401)
    expect((await call(t.operator, 'PUT', '/api/workers/999999/languages', { languages: ['en'] })).statusCode).toBe(404)

    const own = await call(t.worker, 'PUT', `/api/workers/${t.workerId}/languages`, { languages: ['te', 'mr'] })
    expect(own.statusCode, own.body).toBe(200)
    expect(WorkerLanguagesResponseSchema.parse(own.json()).languages).toEqual(['te', 'mr'])
    expect(
      (await call(t.worker, 'PUT', `/api/workers/${t.workerId}/languages`, { languages: ['te', 'te'] })).statusCode,
    ).toBe(400)
    expect(
      (await call(t.worker, 'PUT', `/api/workers/${t.workerId}/languages`, { languages: ['xx'] })).statusCode,
    ).toBe(400)

    const byOffice = await call(
      t.operator,
      'PUT',
      `/api/workers/${t.otherWorkerId}/photo`,
      photoBody(IMAGES.webp, 'image/webp'),
    )
    expect(byOffice.statusCode, byOffice.body).toBe(200)

    expect(await profile(t.workerId)).toMatchObject({ languages: ['te', 'mr'] })
    const jobs = MyJobsResponseSchema.parse((await call(t.worker, 'GET', '/api/my/jobs')).json())
    expect(jobs.worker?.languages).toEqual(['te', 'mr'])
  })

  it("the customer's card of the assigned worker carries the photo, languages and years", async () => {
    await call(t.operator, 'PUT', `/api/workers/${t.workerId}/photo`, photoBody(IMAGES.jpeg))
    const { task } = await createTask(t, { workerId: t.workerId, customerUserId: t.customer.user.id })
    const mine = MyRequestsResponseSchema.parse((await call(t.customer, 'GET', '/api/my/requests')).json())
    const worker = mine.requests.find((r) => r.task?.id === task.id)?.task?.worker
    const now = await workerRow(t.workerId)
    expect(worker).toMatchObject({
      worker_id: t.workerId,
      languages: now.languages,
      experience_years: now.experienceYears,
    })
    expect(worker?.photo_url).toMatch(/^\/api\/workers\/\d+\/photo\//)
  })

  it("the office's roster counts each worker's starts with the code and finished jobs with photos", async () => {
    const id = (await createWorker(t, { name: 'Proof Worker', town: 'Armoor' })).id
    // Started with the customer's code and finished with a photo; started by the office without the
    // code; finished without a photo; one not started yet (not counted).
    const withCode = await createTask(t, { status: 'work_completed', workerId: id })
    const byOffice = await createTask(t, { status: 'work_inprogress', workerId: id })
    await createTask(t, { status: 'payment_received', workerId: id })
    const waiting = await createTask(t, { status: 'assigned', workerId: id })
    const db = t.database.db
    await db.insert(taskStartCodes).values([
      { taskId: withCode.task.id, code: '1234', confirmedAt: new Date() },
      { taskId: byOffice.task.id, code: '2345' },
      { taskId: waiting.task.id, code: '3456' },
    ])
    await db
      .insert(taskPhotoBlobs)
      .values({ key: 'tasks/x/proof', contentType: 'image/jpeg', size: 3, bytes: Buffer.from([1, 2, 3]) })
    await db.insert(taskPhotos).values({
      taskId: withCode.task.id,
      storageKey: 'tasks/x/proof',
      contentType: 'image/jpeg',
      size: 3,
    })
    const res = await call(t.operator, 'GET', '/api/workerservices?q=Proof')
    const row = WorkerServicesResponseSchema.parse(res.json()).workerServices.find((r) => r.worker_id === id)
    expect(row).toMatchObject({ starts_with_code_base: 2, starts_with_code: 1, jobs_with_photos: 1, jobs_done: 2 })
  })
})
