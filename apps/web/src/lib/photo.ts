// A chosen image file as the API takes it (base64 in the body): a request's photo, a service's card picture.
import { PHOTO_MAX_BYTES, PHOTO_TYPES, type PhotoType } from '@townworks/contract/request-details'

/** The longest side of a photo after it is made smaller for sending. */
const MAX_SIDE = 1280

export type PhotoResult =
  | { ok: true; photo: { type: PhotoType; data: string; name: string } }
  | { ok: false; error: 'photoType' | 'photoTooBig' }

const isPhotoType = (type: string): type is PhotoType => (PHOTO_TYPES as readonly string[]).includes(type)

function base64Of(bytes: ArrayBuffer): string {
  let binary = ''
  const view = new Uint8Array(bytes)
  for (let i = 0; i < view.length; i += 0x8000) binary += String.fromCharCode(...view.subarray(i, i + 0x8000))
  return btoa(binary)
}

/** A photo too large for the server made smaller in the browser: a JPEG of at most MAX_SIDE pixels. */
async function shrink(file: File): Promise<Blob | undefined> {
  if (typeof createImageBitmap !== 'function') return undefined
  const bitmap = await createImageBitmap(file)
  const scale = Math.min(1, MAX_SIDE / Math.max(bitmap.width, bitmap.height))
  const canvas = document.createElement('canvas')
  canvas.width = Math.round(bitmap.width * scale)
  canvas.height = Math.round(bitmap.height * scale)
  canvas.getContext('2d')?.drawImage(bitmap, 0, 0, canvas.width, canvas.height)
  for (const quality of [0.8, 0.6, 0.4]) {
    const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/jpeg', quality))
    if (blob && blob.size <= PHOTO_MAX_BYTES) return blob
  }
  return undefined
}

/** A chosen file as the request sends it: JPEG, PNG or WebP, made smaller when it is over the limit. */
export async function readPhoto(file: File): Promise<PhotoResult> {
  if (!isPhotoType(file.type)) return { ok: false, error: 'photoType' }
  if (file.size <= PHOTO_MAX_BYTES) {
    return { ok: true, photo: { type: file.type, data: base64Of(await file.arrayBuffer()), name: file.name } }
  }
  const smaller = await shrink(file).catch(() => undefined)
  if (!smaller) return { ok: false, error: 'photoTooBig' }
  return { ok: true, photo: { type: 'image/jpeg', data: base64Of(await smaller.arrayBuffer()), name: file.name } }
}
