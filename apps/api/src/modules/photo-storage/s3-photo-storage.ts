import { createHash } from 'node:crypto'
import { PHOTO_TYPES, type PhotoType } from '@townworks/contract'
import { AwsClient } from 'aws4fetch'
import type { PhotoStorage } from './photo-storage.service'

// The S3-compatible photo storage (decision 057): PUT, GET and DELETE of one object each, signed with
// AWS Signature V4 by aws4fetch (Web Crypto + fetch, no dependencies), addressed path-style
// (`{endpoint}/{bucket}/{key}`), so AWS S3, MinIO, Ceph, Garage or R2 alike.

/** What the object store needs: the S3_* settings. */
export interface S3PhotoStorageSettings {
  /** The store's address, before the bucket: https://s3.eu-west-1.amazonaws.com, http://127.0.0.1:9000. */
  endpoint: string
  bucket: string
  region: string
  accessKeyId: string
  secretAccessKey: string
  /** How long one call may take, its answer's body included (S3_TIMEOUT_MS unless said). */
  timeoutMs?: number
}

/** One call's time limit: a photo is at most a few hundred KB, so a store slower than this is down. */
export const S3_TIMEOUT_MS = 10_000

/**
 * A call to the object store that failed: no answer, or an answer that is neither success nor "no
 * such key". The message names the call, the status and S3's error code; never a key, a secret or a
 * signature.
 */
export class S3StorageError extends Error {
  override name = 'S3StorageError'
  /** The HTTP status the store answered; undefined when it did not answer. */
  readonly status: number | undefined
  /** S3's error code from the answer's XML (`SignatureDoesNotMatch`, `NoSuchBucket`), when it gave one. */
  readonly code: string | undefined

  constructor(message: string, details: { status?: number; code?: string; cause?: unknown } = {}) {
    super(message, details.cause === undefined ? undefined : { cause: details.cause })
    this.status = details.status
    this.code = details.code
  }
}

/** The SHA-256 of no bytes: the signed payload hash of a GET or a DELETE. */
const EMPTY_SHA256 = createHash('sha256').digest('hex')

/**
 * One path segment percent-encoded as S3 canonicalizes it (RFC 3986): only A–Z a–z 0–9 - . _ ~ stay
 * as they are. encodeURIComponent leaves ! ' ( ) * as they are; S3 wants them encoded.
 */
function encodeSegment(segment: string): string {
  return encodeURIComponent(segment).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`)
}

/**
 * An object's path under the endpoint: the bucket, then the key with each of its segments encoded
 * (`tasks/12/<uuid>` keeps its slashes). A key with an empty, `.` or `..` segment is refused: URLs
 * resolve those away, so the object named would not be the one signed for.
 */
export function objectPath(bucket: string, key: string): string {
  const segments = key.split('/')
  if (segments.some((s) => s === '' || s === '.' || s === '..')) {
    throw new Error('A photo key is names joined by single slashes, none of them "." or ".."')
  }
  return `/${encodeSegment(bucket)}/${segments.map(encodeSegment).join('/')}`
}

/** S3's error code from an error answer's XML body, when it has one. */
function errorCode(body: Buffer): string | undefined {
  return /<Code>([A-Za-z0-9.]{1,64})<\/Code>/.exec(body.subarray(0, 4096).toString('utf8'))?.[1]
}

/** What fetch says when the store could not be reached: its cause's code (ECONNREFUSED, ENOTFOUND…). */
function unreachableReason(error: unknown): string {
  const cause = (error as { cause?: { code?: unknown; name?: unknown } } | undefined)?.cause
  if (typeof cause?.code === 'string') return cause.code
  if (typeof cause?.name === 'string') return cause.name
  return error instanceof Error ? error.name : 'unknown error'
}

const isPhotoType = (type: string): type is PhotoType => (PHOTO_TYPES as readonly string[]).includes(type)

/** A photo's type from its first bytes, for an object whose Content-Type a copy tool made generic. */
function typeOfBytes(b: Buffer): PhotoType | undefined {
  if (b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff) return 'image/jpeg'
  if (b.subarray(0, 8).toString('latin1') === '\x89PNG\r\n\x1a\n') return 'image/png'
  if (b.subarray(0, 4).toString('latin1') === 'RIFF' && b.subarray(8, 12).toString('latin1') === 'WEBP')
    return 'image/webp'
  return undefined
}

/**
 * The photo storage in an S3-compatible bucket. Each call is one signed request with its own time
 * limit and no retries of its own (the caller's upload is retried by the browser with its
 * Idempotency-Key). A GET of a missing key is undefined and a DELETE of one is done, as the interface
 * says; a missing bucket, a refused signature or any other failure throws an S3StorageError.
 */
export function s3PhotoStorage(settings: S3PhotoStorageSettings): PhotoStorage {
  const client = new AwsClient({
    accessKeyId: settings.accessKeyId,
    secretAccessKey: settings.secretAccessKey,
    service: 's3',
    region: settings.region,
    retries: 0,
  })
  const base = settings.endpoint.replace(/\/+$/, '')
  const timeoutMs = settings.timeoutMs ?? S3_TIMEOUT_MS

  /** One signed request, its answer read whole within the time limit. */
  async function exchange(
    operation: 'put' | 'get' | 'delete',
    key: string,
    body?: { bytes: Buffer; type: PhotoType },
  ): Promise<{ status: number; bytes: Buffer; contentType: string; code: string | undefined }> {
    const url = base + objectPath(settings.bucket, key)
    // The payload's hash is signed (not UNSIGNED-PAYLOAD): the store refuses bytes changed on the way.
    const headers: Record<string, string> = {
      'x-amz-content-sha256': body ? createHash('sha256').update(body.bytes).digest('hex') : EMPTY_SHA256,
    }
    if (body) headers['content-type'] = body.type
    try {
      const response = await client.fetch(url, {
        method: operation === 'put' ? 'PUT' : operation === 'get' ? 'GET' : 'DELETE',
        headers,
        ...(body && { body: new Uint8Array(body.bytes.buffer, body.bytes.byteOffset, body.bytes.byteLength) }),
        signal: AbortSignal.timeout(timeoutMs),
      })
      const bytes = Buffer.from(await response.arrayBuffer())
      const ok = response.status >= 200 && response.status < 300
      return {
        status: response.status,
        bytes,
        contentType: response.headers.get('content-type') ?? '',
        code: ok ? undefined : errorCode(bytes),
      }
    } catch (error) {
      if ((error as { name?: unknown } | undefined)?.name === 'TimeoutError') {
        throw new S3StorageError(`S3 ${operation} of a photo got no answer within ${timeoutMs} ms`, { cause: error })
      }
      throw new S3StorageError(
        `S3 ${operation} of a photo could not reach the object store (${unreachableReason(error)})`,
        { cause: error },
      )
    }
  }

  /** An answer that is neither success nor a missing key's. */
  const refused = (operation: string, answer: { status: number; code: string | undefined }) =>
    new S3StorageError(`S3 ${operation} of a photo answered ${answer.status}${answer.code ? ` ${answer.code}` : ''}`, {
      status: answer.status,
      ...(answer.code && { code: answer.code }),
    })
  /** 404 for the key, not for the bucket: a missing bucket is a wrong setting, never "no photo". */
  const missingKey = (answer: { status: number; code: string | undefined }) =>
    answer.status === 404 && answer.code !== 'NoSuchBucket'

  return {
    kind: 's3',
    async put(key, bytes, type) {
      const answer = await exchange('put', key, { bytes, type })
      if (answer.status < 200 || answer.status >= 300) throw refused('put', answer)
    },
    async get(key) {
      const answer = await exchange('get', key)
      if (missingKey(answer)) return undefined
      if (answer.status !== 200) throw refused('get', answer)
      // The type it was put with; from the bytes when a copy tool left a generic one (octet-stream).
      const sent = answer.contentType.split(';')[0]!.trim().toLowerCase()
      const type = isPhotoType(sent) ? sent : typeOfBytes(answer.bytes)
      if (!type) throw new S3StorageError('S3 get of a photo answered bytes that are not a JPEG, PNG or WebP image')
      return { bytes: answer.bytes, type }
    },
    async delete(key) {
      const answer = await exchange('delete', key)
      if ((answer.status < 200 || answer.status >= 300) && !missingKey(answer)) throw refused('delete', answer)
    },
  }
}
