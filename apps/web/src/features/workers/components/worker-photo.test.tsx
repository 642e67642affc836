import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import type { WorkerDetail, WorkerPhotoResponse } from '@townworks/contract'
import { beforeAll, describe, expect, it } from 'vitest'
import { mockApi, refuse, type Answer } from '../../../testing/api-mock'
import { aWorkerDetail, aWorkerService, anError } from '../../../testing/fixtures'
import { renderApp } from '../../../testing/render'

// The edit dialog's code (the form, the photo and their words) comes after the roster (decision 055):
// fetched once here, so a busy machine's first import does not eat Testing Library's one-second wait.
beforeAll(
  () => Promise.all([import('./worker-form'), import('./worker-photo'), import('../../../lib/form-resolvers')]),
  60_000,
)

const RAVI = aWorkerDetail()

const NEW_PHOTO = '/api/workers/7/photo/0b7c2f0e-4d1a-4c53-9a55-0d6c1f3e2a10'

/** A small JPEG as a camera writes it: its magic bytes, then some data. */
function jpegFile(name = 'ravi.jpg'): File {
  const bytes = new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 1, 2, 3, 4, 0xff, 0xd9])
  return new File([bytes], name, { type: 'image/jpeg' })
}
const JPEG_BASE64 = btoa(
  String.fromCharCode(0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 1, 2, 3, 4, 0xff, 0xd9),
)

function setup(
  worker: WorkerDetail,
  answers: {
    set?: () => Answer<'setWorkerPhoto'>
    remove?: () => Answer<'deleteWorkerPhoto'>
  } = {},
) {
  let stored = worker
  const saved = (photo_url: string | null): WorkerPhotoResponse => {
    stored = { ...stored, photo_url }
    return { message: 'Photo saved', worker_id: worker.worker_id, photo_url }
  }
  const mock = mockApi({
    workerServices: () => ({ workerServices: [aWorkerService(7, 'Ravi Kumar')] }),
    worker: () => ({ worker: stored }),
    setWorkerPhoto: answers.set ?? (() => saved(NEW_PHOTO)),
    deleteWorkerPhoto: answers.remove ?? (() => saved(null)),
  })
  renderApp({ path: '/wss', role: 'operator' })
  return mock
}

async function openEdit(u: ReturnType<typeof userEvent.setup>) {
  await u.click(await screen.findByRole('button', { name: 'Edit Ravi Kumar' }, { timeout: 20_000 }))
  const dialog = await screen.findByRole('dialog', { name: 'Edit Ravi Kumar' })
  const photo = await within(dialog).findByRole('region', { name: 'Photo' }, { timeout: 10_000 })
  return { dialog, photo }
}

const fileInput = (photo: HTMLElement) => within(photo).getByTestId('worker-photo-file') as HTMLInputElement

describe('/wss: a worker’s photo in the edit dialog (issue 21)', { timeout: 40_000 }, () => {
  it('uploads a chosen JPEG through setWorkerPhoto and shows the new photo; the worker and roster are read again', async () => {
    const u = userEvent.setup()
    const { calls } = setup(RAVI)
    const { photo } = await openEdit(u)
    expect(within(photo).getByText('No photo yet.')).toBeVisible()
    expect(within(photo).queryByRole('img')).toBeNull()
    expect(within(photo).queryByRole('button', { name: 'Remove photo' })).toBeNull()
    const input = fileInput(photo)
    expect(input).toHaveAttribute('accept', 'image/*')
    expect(input).not.toBeVisible()
    const readsBefore = calls.filter((c) => c.name === 'worker' || c.name === 'workerServices').length

    await u.click(within(photo).getByRole('button', { name: 'Add photo' }))
    await u.upload(input, jpegFile())

    expect(await within(photo).findByText('Photo saved.')).toBeVisible()
    const sent = calls.filter((c) => c.name === 'setWorkerPhoto')
    expect(sent).toHaveLength(1)
    expect(sent[0]!.url.pathname).toBe('/api/workers/7/photo')
    expect(sent[0]!.body).toEqual({ type: 'image/jpeg', data: JPEG_BASE64 })
    const image = within(photo).getByRole('img', { name: 'Photo of Ravi Kumar' })
    expect(image).toHaveAttribute('src', NEW_PHOTO)
    expect(image).toHaveAttribute('width', '96')
    expect(image).toHaveAttribute('height', '96')
    expect(within(photo).getByRole('button', { name: 'Change photo' })).toBeEnabled()
    // The worker (the dialog) and the roster are read again, so every list shows the photo.
    await waitFor(() =>
      expect(calls.filter((c) => c.name === 'worker' || c.name === 'workerServices').length).toBeGreaterThanOrEqual(
        readsBefore + 2,
      ),
    )
  })

  it('removes the photo: the empty frame comes back, said in words', async () => {
    const u = userEvent.setup()
    const { calls } = setup({ ...RAVI, photo_url: NEW_PHOTO })
    const { photo } = await openEdit(u)
    expect(within(photo).getByRole('img', { name: 'Photo of Ravi Kumar' })).toHaveAttribute('src', NEW_PHOTO)
    await u.click(within(photo).getByRole('button', { name: 'Remove photo' }))
    expect(await within(photo).findByText('Photo removed.')).toBeVisible()
    expect(calls.filter((c) => c.name === 'deleteWorkerPhoto').map((c) => [c.method, c.url.pathname])).toEqual([
      ['DELETE', '/api/workers/7/photo'],
    ])
    expect(within(photo).queryByRole('img')).toBeNull()
    expect(within(photo).getByText('No photo yet.')).toBeVisible()
    expect(within(photo).getByRole('button', { name: 'Add photo' })).toBeVisible()
  })

  it.each([
    [415, 'UNSUPPORTED_MEDIA_TYPE' as const, 'This file is not a photo. Choose a JPEG, PNG or WebP picture.'],
    [413, 'PAYLOAD_TOO_LARGE' as const, 'This photo is too big, even made smaller. Choose another one.'],
    [403, 'FORBIDDEN' as const, 'The photo was not saved: Your account may not do this.'],
  ])('an API refusal (%s) is said in words and the photo stays as it was', async (status, code, words) => {
    const u = userEvent.setup()
    setup({ ...RAVI, photo_url: NEW_PHOTO }, { set: () => refuse(status, anError(code, 'Refused')) })
    const { photo } = await openEdit(u)
    await u.upload(fileInput(photo), jpegFile())
    expect(await within(photo).findByRole('alert')).toHaveTextContent(words)
    expect(within(photo).getByRole('img', { name: 'Photo of Ravi Kumar' })).toHaveAttribute('src', NEW_PHOTO)
    expect(within(photo).getByRole('button', { name: 'Change photo' })).toBeEnabled()
  })

  it('a file that is not an image is not sent', async () => {
    const u = userEvent.setup({ applyAccept: false })
    const { calls } = setup(RAVI)
    const { photo } = await openEdit(u)
    await u.upload(fileInput(photo), new File(['hello'], 'notes.txt', { type: 'text/plain' }))
    expect(await within(photo).findByRole('alert')).toHaveTextContent('This file is not a photo.')
    expect(calls.some((c) => c.name === 'setWorkerPhoto')).toBe(false)
  })

  it('a new worker is told the photo comes once they are saved', async () => {
    const u = userEvent.setup()
    setup(RAVI)
    await u.click(await screen.findByRole('button', { name: 'Add worker' }, { timeout: 20_000 }))
    const dialog = await screen.findByRole('dialog', { name: 'Add worker' })
    expect(
      await within(dialog).findByText(
        'The photo can be added once the worker is saved: press Edit on their row.',
        {},
        {
          timeout: 10_000,
        },
      ),
    ).toBeVisible()
    expect(within(dialog).queryByRole('region', { name: 'Photo' })).toBeNull()
  })
})
