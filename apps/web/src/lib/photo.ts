// A chosen image file as the API takes it (base64 in the body): a request's photo, a service's card
// picture, a photo of the finished work.
import { PHOTO_MAX_BYTES, PHOTO_TYPES, type PhotoType } from '@townworks/contract/request-details'

/** The longest side of a photo after it is made smaller for sending (unless the caller says). */
const MAX_SIDE = 1280

/** How a photo is made ready: its longest side and size at most, and whether it is always redrawn. */
export interface PhotoOptions {
  /** Longest side in pixels of a photo made smaller (default 1280). */
  maxSide?: number
  /** The most bytes the API takes (default PHOTO_MAX_BYTES, a request's photo). */
  maxBytes?: number
  /**
   * Always redraw it as a JPEG of at most `maxSide` (a photo of the work: a phone camera's 4000 px,
   * several MB, becomes a few hundred KB, turned the right way up, without the camera's metadata).
   * When the browser cannot redraw it, it is sent as it is if it fits.
   */
  always?: boolean
}

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

/**
 * A photo made smaller in the browser: a JPEG of at most `maxSide` pixels, its quality stepped down
 * until it fits `maxBytes`. The camera's orientation is applied (from-image) and its metadata is not
 * carried over: the canvas holds only pixels.
 */
async function shrink(file: File, maxSide: number, maxBytes: number): Promise<Blob | undefined> {
  if (typeof createImageBitmap !== 'function') return undefined
  const bitmap = await createImageBitmap(file, { imageOrientation: 'from-image' })
  const scale = Math.min(1, maxSide / Math.max(bitmap.width, bitmap.height))
  const canvas = document.createElement('canvas')
  canvas.width = Math.round(bitmap.width * scale)
  canvas.height = Math.round(bitmap.height * scale)
  canvas.getContext('2d')?.drawImage(bitmap, 0, 0, canvas.width, canvas.height)
  bitmap.close()
  for (const quality of [0.8, 0.7, 0.6, 0.5, 0.4]) {
    const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/jpeg', quality))
    if (blob && blob.size <= maxBytes) return blob
  }
  return undefined
}

/**
 * A chosen file as the API takes it: JPEG, PNG or WebP, made smaller when it is over the limit (or
 * always, with `always`). A file the browser can redraw may be of any image type (a phone's HEIC).
 */
export async function readPhoto(file: File, options: PhotoOptions = {}): Promise<PhotoResult> {
  const { maxSide = MAX_SIDE, maxBytes = PHOTO_MAX_BYTES, always = false } = options
  const fits = isPhotoType(file.type) && file.size <= maxBytes
  if (fits && !always) {
    return {
      ok: true,
      photo: { type: file.type as PhotoType, data: base64Of(await file.arrayBuffer()), name: file.name },
    }
  }
  if (!always && !isPhotoType(file.type)) return { ok: false, error: 'photoType' }
  const smaller = await shrink(file, maxSide, maxBytes).catch(() => undefined)
  if (smaller)
    return { ok: true, photo: { type: 'image/jpeg', data: base64Of(await smaller.arrayBuffer()), name: file.name } }
  if (fits) {
    return {
      ok: true,
      photo: { type: file.type as PhotoType, data: base64Of(await file.arrayBuffer()), name: file.name },
    }
  }
  return { ok: false, error: isPhotoType(file.type) ? 'photoTooBig' : 'photoType' }
}
