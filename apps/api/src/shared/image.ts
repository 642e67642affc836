import { PHOTO_MAX_BYTES, type PhotoType } from '@townworks/contract'
import { AppError } from './app-error'
import { stripImageMetadata, type CleanImage } from './image-metadata'

/** The first bytes of each image type. */
const MAGIC: Record<PhotoType, (b: Buffer) => boolean> = {
  'image/jpeg': (b) => b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff,
  'image/png': (b) => b.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])),
  'image/webp': (b) =>
    b.subarray(0, 4).toString('latin1') === 'RIFF' && b.subarray(8, 12).toString('latin1') === 'WEBP',
}

/**
 * A sent image's bytes (a request's photo, a service's card picture, a photo of the work): 413 when
 * larger than `maxBytes` (PHOTO_MAX_BYTES unless said), 415 when they are not the image type named;
 * `field` names the body's field.
 */
export function imageBytes(
  type: PhotoType,
  data: string,
  field: string,
  maxBytes: number = PHOTO_MAX_BYTES,
): { type: PhotoType; bytes: Buffer } {
  const bytes = Buffer.from(data, 'base64')
  if (bytes.byteLength > maxBytes) {
    throw new AppError('PAYLOAD_TOO_LARGE', `The photo may be at most ${maxBytes / 1024} KB`, {
      issues: [{ path: field, message: `The photo may be at most ${maxBytes / 1024} KB` }],
    })
  }
  if (!MAGIC[type](bytes)) {
    throw new AppError('UNSUPPORTED_MEDIA_TYPE', 'The photo must be a JPEG, PNG or WebP image', {
      issues: [{ path: field, message: 'The photo must be a JPEG, PNG or WebP image' }],
    })
  }
  return { type, bytes }
}

/**
 * A sent photo ready to keep (a photo of the work, a worker's photo): checked as imageBytes does, its
 * metadata removed (decision 057); 415 when the bytes are not a whole image.
 */
export function cleanPhoto(
  type: PhotoType,
  data: string,
  field: string,
  maxBytes: number,
): CleanImage & { type: PhotoType } {
  const sent = imageBytes(type, data, field, maxBytes)
  const clean = stripImageMetadata(sent.type, sent.bytes)
  if (!clean) {
    const message = 'The photo must be a whole JPEG, PNG or WebP image'
    throw new AppError('UNSUPPORTED_MEDIA_TYPE', message, { issues: [{ path: field, message }] })
  }
  return { ...clean, type: sent.type }
}
