import { createHash, createHmac, timingSafeEqual } from 'node:crypto'
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'

// A fake S3 for the photo storage's tests (decision 057): node:http on 127.0.0.1, path-style
// `/{bucket}/{key}`, PUT, GET and DELETE of an object, bytes kept in memory. It checks every request
// as S3 does, with its own AWS Signature V4 written here from the specification (not the library the
// app signs with): the Authorization header's form, the credential's key id, date, region and
// service, x-amz-date, the body's SHA-256 against x-amz-content-sha256, and the signature itself,
// recomputed. What it refuses it answers as S3 does, an XML error with S3's code.

/** AWS Signature V4's parts, from which the signature is computed. */
export interface SigV4Input {
  method: string
  /** The path, each segment URI-encoded once (`/test%24file.text`). */
  canonicalUri: string
  /** The query, canonical: encoded names and values, sorted (`max-keys=2&prefix=J`), or ''. */
  canonicalQuery: string
  /** The signed headers' names (lower case) and values as sent. */
  headers: Record<string, string>
  payloadHash: string
  /** `yyyymmddThhmmssZ` */
  amzDate: string
  region: string
  service: string
  secretAccessKey: string
}

const sha256Hex = (data: string | Buffer) => createHash('sha256').update(data).digest('hex')
const hmac = (key: Buffer | string, data: string) => createHmac('sha256', key).update(data).digest()

/**
 * URI-encode as SigV4 says: every byte of the UTF-8 text but A–Z a–z 0–9 - . _ ~ becomes %XY
 * (upper-case hex); '/' too, unless `keepSlash`.
 */
export function uriEncode(text: string, keepSlash = false): string {
  let out = ''
  for (const byte of Buffer.from(text, 'utf8')) {
    const c = String.fromCharCode(byte)
    if (/[A-Za-z0-9\-._~]/.test(c) || (keepSlash && c === '/')) out += c
    else out += `%${byte.toString(16).toUpperCase().padStart(2, '0')}`
  }
  return out
}

/** The canonical query of a raw query string: each name and value decoded, encoded again, sorted. */
export function canonicalQueryOf(rawQuery: string): string {
  return rawQuery
    .split('&')
    .filter(Boolean)
    .map((pair) => {
      const [name = '', ...value] = pair.split('=')
      return [uriEncode(decodeURIComponent(name)), uriEncode(decodeURIComponent(value.join('=')))] as const
    })
    .sort(([n1, v1], [n2, v2]) => (n1 < n2 ? -1 : n1 > n2 ? 1 : v1 < v2 ? -1 : v1 > v2 ? 1 : 0))
    .map(([n, v]) => `${n}=${v}`)
    .join('&')
}

/** AWS Signature V4: the canonical request, the string to sign, the signing key's HMAC chain, the signature. */
export function sigV4(input: SigV4Input): { canonicalRequest: string; stringToSign: string; signature: string } {
  const names = Object.keys(input.headers)
    .map((n) => n.toLowerCase())
    .sort()
  const value = (name: string) =>
    (Object.entries(input.headers).find(([n]) => n.toLowerCase() === name)?.[1] ?? '').trim().replace(/\s+/g, ' ')
  const canonicalRequest = [
    input.method,
    input.canonicalUri,
    input.canonicalQuery,
    names.map((n) => `${n}:${value(n)}\n`).join(''),
    names.join(';'),
    input.payloadHash,
  ].join('\n')
  const day = input.amzDate.slice(0, 8)
  const scope = `${day}/${input.region}/${input.service}/aws4_request`
  const stringToSign = ['AWS4-HMAC-SHA256', input.amzDate, scope, sha256Hex(canonicalRequest)].join('\n')
  const kDate = hmac(`AWS4${input.secretAccessKey}`, day)
  const kRegion = hmac(kDate, input.region)
  const kService = hmac(kRegion, input.service)
  const kSigning = hmac(kService, 'aws4_request')
  return { canonicalRequest, stringToSign, signature: hmac(kSigning, stringToSign).toString('hex') }
}

/** One request the fake answered: what the tests look at. */
export interface FakeS3Request {
  method: string
  /** The object's key, decoded ('' when the path named none). */
  key: string
  status: number
  /** S3's error code when refused. */
  code?: string
  /** The Authorization header's key id, when it had one. */
  accessKeyId?: string
  signedHeaders?: string
  payloadHash?: string
  /** The SHA-256 of the body received. */
  bodyHash: string
}

export interface FakeS3 {
  /** http://127.0.0.1:{port}, the endpoint to configure. */
  url: string
  bucket: string
  region: string
  accessKeyId: string
  secretAccessKey: string
  /** The stored objects by key: the bytes and the Content-Type they were put with. */
  objects: Map<string, { bytes: Buffer; type: string }>
  /** Every request answered, oldest first. */
  requests: FakeS3Request[]
  /** What a DELETE of a missing key answers: 204, as AWS S3 and MinIO do, or 404 NoSuchKey. */
  deleteMissingStatus: 204 | 404
  /** While set, every request is answered 503 (an outage). */
  outage: boolean
  /** The settings to give the app or the storage: endpoint, bucket, region and keys. */
  env(): Record<string, string>
  close(): Promise<void>
}

/** An S3 refusal: its status, S3's code and words. */
class Refusal {
  constructor(
    readonly status: number,
    readonly code: string,
    readonly message: string,
  ) {}
}

const AUTHORIZATION =
  /^AWS4-HMAC-SHA256 Credential=([^/\s,]+)\/(\d{8})\/([^/\s,]+)\/([^/\s,]+)\/aws4_request, ?SignedHeaders=([a-z0-9;-]+), ?Signature=([0-9a-f]{64})$/
/** S3 refuses a request signed more than 15 minutes from its own clock. */
const SKEW_MS = 15 * 60_000

function amzDateMs(amzDate: string): number {
  const m = /^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/.exec(amzDate)
  return m ? Date.UTC(+m[1]!, +m[2]! - 1, +m[3]!, +m[4]!, +m[5]!, +m[6]!) : NaN
}

function headerOf(req: IncomingMessage, name: string): string | undefined {
  const value = req.headers[name]
  return Array.isArray(value) ? value.join(',') : value
}

/**
 * The fake S3, listening on 127.0.0.1 at a free port. The keys and the bucket are its own unless
 * given; `env()` is what the app needs to reach it.
 */
export async function startFakeS3(
  opts: { bucket?: string; region?: string; accessKeyId?: string; secretAccessKey?: string } = {},
): Promise<FakeS3> {
  const fake = {
    url: '',
    bucket: opts.bucket ?? 'townworks-photos',
    region: opts.region ?? 'ap-south-1',
    accessKeyId: opts.accessKeyId ?? 'FAKEACCESSKEY123',
    secretAccessKey: opts.secretAccessKey ?? 'fake/secret+access/key0123456789',
    objects: new Map<string, { bytes: Buffer; type: string }>(),
    requests: [] as FakeS3Request[],
    deleteMissingStatus: 204 as 204 | 404,
    outage: false,
  }

  /** Refuses the request unless S3 would take its signature; answers the Authorization's parts. */
  function checkSignature(req: IncomingMessage, rawPath: string, rawQuery: string, log: FakeS3Request): void {
    const authorization = headerOf(req, 'authorization')
    if (!authorization) throw new Refusal(403, 'AccessDenied', 'Access Denied')
    const auth = AUTHORIZATION.exec(authorization)
    if (!auth) throw new Refusal(400, 'AuthorizationHeaderMalformed', 'The authorization header is malformed')
    const [, keyId, day, region, service, signedHeaders, signature] = auth as unknown as string[]
    log.accessKeyId = keyId
    log.signedHeaders = signedHeaders
    if (keyId !== fake.accessKeyId) {
      throw new Refusal(403, 'InvalidAccessKeyId', 'The AWS Access Key Id you provided does not exist in our records.')
    }
    if (region !== fake.region || service !== 's3') {
      throw new Refusal(
        400,
        'AuthorizationHeaderMalformed',
        `the region '${region}' is wrong; expecting '${fake.region}'`,
      )
    }
    const amzDate = headerOf(req, 'x-amz-date') ?? ''
    const at = amzDateMs(amzDate)
    if (Number.isNaN(at) || amzDate.slice(0, 8) !== day) {
      throw new Refusal(403, 'AccessDenied', 'X-Amz-Date is missing, malformed or not the credential date')
    }
    if (Math.abs(Date.now() - at) > SKEW_MS) {
      throw new Refusal(
        403,
        'RequestTimeTooSkewed',
        'The difference between the request time and the current time is too large.',
      )
    }
    const names = signedHeaders!.split(';')
    if (!['host', 'x-amz-content-sha256', 'x-amz-date'].every((n) => names.includes(n))) {
      throw new Refusal(403, 'AccessDenied', 'Host, X-Amz-Date and X-Amz-Content-SHA256 must be signed')
    }
    // Stricter than S3, which also takes UNSIGNED-PAYLOAD: the storage signs every body's hash.
    const payloadHash = headerOf(req, 'x-amz-content-sha256') ?? ''
    log.payloadHash = payloadHash
    if (payloadHash !== log.bodyHash) {
      throw new Refusal(
        400,
        'XAmzContentSHA256Mismatch',
        "The provided 'x-amz-content-sha256' header does not match what was computed.",
      )
    }
    const headers = Object.fromEntries(names.map((n) => [n, headerOf(req, n) ?? '']))
    // S3's canonical path: each segment of the path as received, decoded, then encoded once.
    const canonicalUri = rawPath
      .split('/')
      .map((segment) => uriEncode(decodeURIComponent(segment)))
      .join('/')
    const expected = sigV4({
      method: req.method ?? '',
      canonicalUri,
      canonicalQuery: canonicalQueryOf(rawQuery),
      headers,
      payloadHash,
      amzDate,
      region: fake.region,
      service: 's3',
      secretAccessKey: fake.secretAccessKey,
    })
    if (!timingSafeEqual(Buffer.from(expected.signature), Buffer.from(signature!))) {
      throw new Refusal(
        403,
        'SignatureDoesNotMatch',
        'The request signature we calculated does not match the signature you provided. Check your key and signing method.',
      )
    }
  }

  /** The answer to one request that passed the checks. */
  function answer(method: string, key: string, body: Buffer, type: string | undefined, res: ServerResponse): number {
    if (method === 'PUT') {
      fake.objects.set(key, { bytes: body, type: type ?? 'binary/octet-stream' })
      res.writeHead(200, { etag: `"${createHash('md5').update(body).digest('hex')}"` }).end()
      return 200
    }
    const stored = fake.objects.get(key)
    if (method === 'GET') {
      if (!stored) throw new Refusal(404, 'NoSuchKey', 'The specified key does not exist.')
      res.writeHead(200, { 'content-type': stored.type, 'content-length': stored.bytes.length }).end(stored.bytes)
      return 200
    }
    // DELETE
    if (!stored && fake.deleteMissingStatus === 404)
      throw new Refusal(404, 'NoSuchKey', 'The specified key does not exist.')
    fake.objects.delete(key)
    res.writeHead(204).end()
    return 204
  }

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const chunks: Buffer[] = []
    for await (const chunk of req) chunks.push(chunk as Buffer)
    const body = Buffer.concat(chunks)
    const [rawPath = '/', rawQuery = ''] = (req.url ?? '/').split('?', 2) as [string, string?]
    const method = req.method ?? ''
    const log: FakeS3Request = { method, key: '', status: 0, bodyHash: sha256Hex(body) }
    fake.requests.push(log)
    try {
      if (fake.outage) throw new Refusal(503, 'ServiceUnavailable', 'Please reduce your request rate.')
      let segments: string[]
      try {
        segments = rawPath.slice(1).split('/').map(decodeURIComponent)
      } catch {
        throw new Refusal(400, 'InvalidURI', "Couldn't parse the specified URI.")
      }
      const [bucket = '', ...keyParts] = segments
      log.key = keyParts.join('/')
      checkSignature(req, rawPath, rawQuery, log)
      if (bucket !== fake.bucket) throw new Refusal(404, 'NoSuchBucket', 'The specified bucket does not exist')
      if (!['PUT', 'GET', 'DELETE'].includes(method)) {
        throw new Refusal(405, 'MethodNotAllowed', 'The specified method is not allowed against this resource.')
      }
      if (!log.key) throw new Refusal(400, 'InvalidRequest', 'This fake keeps objects only: name a key')
      log.status = answer(method, log.key, body, headerOf(req, 'content-type'), res)
    } catch (error) {
      if (!(error instanceof Refusal)) throw error
      log.status = error.status
      log.code = error.code
      const xml =
        `<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>${error.code}</Code>` +
        `<Message>${error.message.replace(/[<>&]/g, '')}</Message><RequestId>fake</RequestId></Error>`
      res.writeHead(error.status, { 'content-type': 'application/xml' }).end(xml)
    }
  }

  const server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      res.writeHead(500, { 'content-type': 'text/plain' }).end(String(error))
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  fake.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  return {
    ...fake,
    // The mutable fields stay the fake's own, so a test's change is seen by the server.
    get deleteMissingStatus() {
      return fake.deleteMissingStatus
    },
    set deleteMissingStatus(status: 204 | 404) {
      fake.deleteMissingStatus = status
    },
    get outage() {
      return fake.outage
    },
    set outage(on: boolean) {
      fake.outage = on
    },
    env: () => ({
      S3_ENDPOINT: fake.url,
      S3_BUCKET: fake.bucket,
      S3_REGION: fake.region,
      S3_ACCESS_KEY_ID: fake.accessKeyId,
      S3_SECRET_ACCESS_KEY: fake.secretAccessKey,
    }),
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections()
        server.close((error) => (error ? reject(error) : resolve()))
      }),
  }
}
