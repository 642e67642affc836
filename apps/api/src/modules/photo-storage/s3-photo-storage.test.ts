import { createHash } from 'node:crypto'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { AwsV4Signer } from 'aws4fetch'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { IMAGES } from '../../../test/images'
import { loadConfig } from '../../config/config'
import { newPhotoKey, photoStorageFor, type PhotoStorage } from './photo-storage.service'
import { objectPath, s3PhotoStorage, S3StorageError, type S3PhotoStorageSettings } from './s3-photo-storage'
import { canonicalQueryOf, sigV4, startFakeS3, uriEncode, type FakeS3 } from './testing/fake-s3'

const sha256 = (data: string | Buffer) => createHash('sha256').update(data).digest('hex')
const EMPTY_SHA256 = sha256('')

// AWS's published examples of Signature V4 for S3 ("Examples: Signature calculations in AWS
// Signature Version 4", Amazon S3 API reference, sig-v4-header-based-auth): GET Object, PUT Object
// and GET Bucket (list objects), with these credentials, at 20130524T000000Z in us-east-1.
const AWS_EXAMPLE = {
  accessKeyId: 'AKIAIOSFODNN7EXAMPLE',
  secretAccessKey: 'wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY',
  amzDate: '20130524T000000Z',
  region: 'us-east-1',
  service: 's3',
  host: 'examplebucket.s3.amazonaws.com',
}
const WELCOME = 'Welcome to Amazon S3.'

describe('Signature V4 against AWS\u2019s published S3 examples', () => {
  const { secretAccessKey, amzDate, region, service, host } = AWS_EXAMPLE

  it('the fake S3 computes the published signatures: GET Object, PUT Object, list objects', () => {
    const get = sigV4({
      method: 'GET',
      canonicalUri: '/test.txt',
      canonicalQuery: '',
      headers: { host, range: 'bytes=0-9', 'x-amz-content-sha256': EMPTY_SHA256, 'x-amz-date': amzDate },
      payloadHash: EMPTY_SHA256,
      ...{ amzDate, region, service, secretAccessKey },
    })
    expect(get.stringToSign).toBe(
      'AWS4-HMAC-SHA256\n20130524T000000Z\n20130524/us-east-1/s3/aws4_request\n' +
        '7344ae5b7ee6c3e7e6b0fe0640412a37625d1fbfff95c48bbb2dc43964946972',
    )
    expect(get.signature).toBe('f0e8bdb87c964420e857bd35b5d6ed310bd44f0170aba48dd91039c6036bdb41')

    const putHash = sha256(WELCOME)
    expect(putHash).toBe('44ce7dd67c959e0d3524ffac1771dfbba87d2b6b4b4e99e42034a8b803f8b072')
    const put = sigV4({
      method: 'PUT',
      canonicalUri: `/${uriEncode('test$file.text')}`,
      canonicalQuery: '',
      headers: {
        date: 'Fri, 24 May 2013 00:00:00 GMT',
        host,
        'x-amz-content-sha256': putHash,
        'x-amz-date': amzDate,
        'x-amz-storage-class': 'REDUCED_REDUNDANCY',
      },
      payloadHash: putHash,
      ...{ amzDate, region, service, secretAccessKey },
    })
    expect(put.canonicalRequest.split('\n').slice(0, 2)).toEqual(['PUT', '/test%24file.text'])
    expect(put.signature).toBe('98ad721746da40c64f1a55b78f14c238d841ea1380cd77a1b5971af0ece108bd')

    const list = sigV4({
      method: 'GET',
      canonicalUri: '/',
      canonicalQuery: canonicalQueryOf('prefix=J&max-keys=2'),
      headers: { host, 'x-amz-content-sha256': EMPTY_SHA256, 'x-amz-date': amzDate },
      payloadHash: EMPTY_SHA256,
      ...{ amzDate, region, service, secretAccessKey },
    })
    expect(list.canonicalRequest.split('\n')[2]).toBe('max-keys=2&prefix=J')
    expect(list.signature).toBe('34b48302e7b5fa45bde8084f4b7868a86f0a534bc59db6670ed5711ef69dc6f7')
  })

  it('aws4fetch, the library the storage signs with, computes the same ones', async () => {
    const signed = async (url: string, method: string, headers: Record<string, string>, allHeaders = false) => {
      const signer = new AwsV4Signer({ url, method, headers, datetime: amzDate, allHeaders, ...AWS_EXAMPLE })
      return (await signer.sign()).headers.get('authorization')
    }
    // Range is one of the headers aws4fetch leaves unsigned unless told to sign them all.
    expect(
      await signed(
        `https://${host}/test.txt`,
        'GET',
        { range: 'bytes=0-9', 'x-amz-content-sha256': EMPTY_SHA256 },
        true,
      ),
    ).toBe(
      'AWS4-HMAC-SHA256 Credential=AKIAIOSFODNN7EXAMPLE/20130524/us-east-1/s3/aws4_request, ' +
        'SignedHeaders=host;range;x-amz-content-sha256;x-amz-date, ' +
        'Signature=f0e8bdb87c964420e857bd35b5d6ed310bd44f0170aba48dd91039c6036bdb41',
    )
    // The key as the storage puts it in the URL ($ encoded), signed with the body's hash.
    expect(
      await signed(`https://${host}${objectPath('b', 'test$file.text').slice('/b'.length)}`, 'PUT', {
        date: 'Fri, 24 May 2013 00:00:00 GMT',
        'x-amz-storage-class': 'REDUCED_REDUNDANCY',
        'x-amz-content-sha256': sha256(WELCOME),
      }),
    ).toMatch(
      /SignedHeaders=date;host;x-amz-content-sha256;x-amz-date;x-amz-storage-class, Signature=98ad721746da40c64f1a55b78f14c238d841ea1380cd77a1b5971af0ece108bd$/,
    )
  })
})

describe('object paths', () => {
  it('encode each segment of the key as S3 canonicalizes it, keeping the slashes between them', () => {
    expect(objectPath('townworks-photos', 'tasks/12/0b7f3c1e-58b1-4c3a-9d7e-2f1a6c9e4b21')).toBe(
      '/townworks-photos/tasks/12/0b7f3c1e-58b1-4c3a-9d7e-2f1a6c9e4b21',
    )
    expect(objectPath('b', "workers/3/a b+c(ü)~*!'$&=?#%.jpg")).toBe(
      '/b/workers/3/a%20b%2Bc%28%C3%BC%29~%2A%21%27%24%26%3D%3F%23%25.jpg',
    )
    // The same as SigV4's own encoding, written apart in the fake.
    const key = "workers/3/a b+c(ü)~*!'$&=?#%.jpg"
    expect(objectPath('b', key)).toBe(`/b/${uriEncode(key, true)}`)
  })

  it('refuse keys that a URL would not keep as they are', () => {
    for (const bad of ['', 'tasks//1', '/tasks/1', 'tasks/1/', 'tasks/../workers/3', './tasks/1', 'tasks/.'])
      expect(() => objectPath('b', bad), bad).toThrow(/single slashes/)
  })
})

describe('the S3-compatible photo storage, against a fake S3', () => {
  let fake: FakeS3
  let storage: PhotoStorage
  const settings = (over: Partial<S3PhotoStorageSettings> = {}): S3PhotoStorageSettings => ({
    endpoint: fake.url,
    bucket: fake.bucket,
    region: fake.region,
    accessKeyId: fake.accessKeyId,
    secretAccessKey: fake.secretAccessKey,
    ...over,
  })

  beforeAll(async () => {
    fake = await startFakeS3()
    storage = s3PhotoStorage(settings())
  })
  afterAll(() => fake.close())
  afterEach(() => {
    fake.deleteMissingStatus = 204
    fake.outage = false
  })

  it('puts, gets and deletes a photo: signed requests, the body\u2019s hash signed, the bytes in the bucket', async () => {
    expect(storage.kind).toBe('s3')
    const key = newPhotoKey('tasks/12')
    const before = fake.requests.length
    await storage.put(key, IMAGES.jpeg, 'image/jpeg')
    expect(fake.objects.get(key)?.bytes.equals(IMAGES.jpeg)).toBe(true)
    expect(fake.objects.get(key)?.type).toBe('image/jpeg')

    const got = await storage.get(key)
    expect(got?.type).toBe('image/jpeg')
    expect(got?.bytes.equals(IMAGES.jpeg)).toBe(true)

    await storage.delete(key)
    expect(fake.objects.has(key)).toBe(false)
    expect(await storage.get(key)).toBeUndefined()

    const seen = fake.requests.slice(before)
    expect(seen.map((r) => [r.method, r.key, r.status])).toEqual([
      ['PUT', key, 200],
      ['GET', key, 200],
      ['DELETE', key, 204],
      ['GET', key, 404],
    ])
    for (const r of seen) {
      expect(r.accessKeyId).toBe(fake.accessKeyId)
      expect(r.signedHeaders).toBe('host;x-amz-content-sha256;x-amz-date')
      expect(r.payloadHash).toBe(r.bodyHash)
    }
    expect(seen[0]!.payloadHash).toBe(sha256(IMAGES.jpeg))
    expect(seen[1]!.payloadHash).toBe(EMPTY_SHA256)
  })

  it('keeps worker photos and keys with characters that must be encoded under their own keys', async () => {
    const keys = [newPhotoKey('workers/3'), "workers/3/a b+c(ü)~*!'$&=?#%.png", 'tasks/12/100%/x']
    for (const key of keys) {
      await storage.put(key, IMAGES.png, 'image/png')
      expect(fake.objects.get(key)?.bytes.equals(IMAGES.png), key).toBe(true)
      expect((await storage.get(key))?.bytes.equals(IMAGES.png), key).toBe(true)
      await storage.delete(key)
      expect(fake.objects.has(key), key).toBe(false)
    }
    expect(fake.requests.filter((r) => r.code === 'SignatureDoesNotMatch')).toEqual([])
  })

  it('a missing key: get is undefined, delete is done, whether the store answers 204 or 404', async () => {
    const key = newPhotoKey('tasks/99')
    expect(await storage.get(key)).toBeUndefined()
    await expect(storage.delete(key)).resolves.toBeUndefined()
    fake.deleteMissingStatus = 404
    await expect(storage.delete(key)).resolves.toBeUndefined()
    expect(fake.requests.at(-1)).toMatchObject({ method: 'DELETE', status: 404, code: 'NoSuchKey' })
  })

  it('a wrong secret: every call throws with the status and S3\u2019s code, never the secret or the key', async () => {
    const wrongSecret = 'not-the-secret-at-all'
    const wrong = s3PhotoStorage(settings({ secretAccessKey: wrongSecret }))
    const key = newPhotoKey('tasks/12')
    await storage.put(key, IMAGES.webp, 'image/webp')
    for (const call of [
      () => wrong.put(newPhotoKey('tasks/12'), IMAGES.jpeg, 'image/jpeg'),
      () => wrong.get(key),
      () => wrong.delete(key),
    ]) {
      const error = await call().then(
        () => undefined,
        (e: unknown) => e,
      )
      expect(error).toBeInstanceOf(S3StorageError)
      expect(error).toMatchObject({ status: 403, code: 'SignatureDoesNotMatch' })
      const message = (error as Error).message
      expect(message).toMatch(/^S3 (put|get|delete) of a photo answered 403 SignatureDoesNotMatch$/)
      for (const secret of [wrongSecret, fake.secretAccessKey, key]) expect(message).not.toContain(secret)
    }
    // Nothing was stored or removed by the refused calls.
    expect([...fake.objects.keys()]).toEqual([key])
    await storage.delete(key)
  })

  it('a wrong key id, region or bucket throws too: a setting is wrong, never "no such photo"', async () => {
    const key = newPhotoKey('tasks/12')
    const cases: [Partial<S3PhotoStorageSettings>, number, string][] = [
      [{ accessKeyId: 'SOMEONEELSE123' }, 403, 'InvalidAccessKeyId'],
      [{ region: 'eu-west-1' }, 400, 'AuthorizationHeaderMalformed'],
      [{ bucket: 'another-bucket' }, 404, 'NoSuchBucket'],
    ]
    for (const [over, status, code] of cases) {
      const wrong = s3PhotoStorage(settings(over))
      await expect(wrong.get(key), code).rejects.toMatchObject({ status, code })
      await expect(wrong.delete(key), code).rejects.toMatchObject({ status, code })
      await expect(wrong.put(key, IMAGES.jpeg, 'image/jpeg'), code).rejects.toMatchObject({ status, code })
    }
    expect(fake.objects.has(key)).toBe(false)
  })

  it('an outage (503) throws; a store with no answer throws within its time limit', async () => {
    fake.outage = true
    await expect(storage.get(newPhotoKey('tasks/1'))).rejects.toThrow(
      'S3 get of a photo answered 503 ServiceUnavailable',
    )
    fake.outage = false

    const silent: Server = createServer(() => undefined) // takes the request, never answers
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve))
    try {
      const slow = s3PhotoStorage(
        settings({ endpoint: `http://127.0.0.1:${(silent.address() as AddressInfo).port}`, timeoutMs: 300 }),
      )
      const started = Date.now()
      await expect(slow.put(newPhotoKey('tasks/1'), IMAGES.jpeg, 'image/jpeg')).rejects.toThrow(
        'S3 put of a photo got no answer within 300 ms',
      )
      expect(Date.now() - started).toBeLessThan(3000)
    } finally {
      silent.closeAllConnections()
      await new Promise((resolve) => silent.close(resolve))
    }
  })

  it('the server down: every call throws at once, saying it could not reach the store', async () => {
    const gone = await startFakeS3()
    const endpoint = gone.url
    await gone.close()
    const down = s3PhotoStorage(settings({ endpoint }))
    const started = Date.now()
    for (const call of [
      () => down.put(newPhotoKey('tasks/1'), IMAGES.jpeg, 'image/jpeg'),
      () => down.get('tasks/1/x'),
      () => down.delete('tasks/1/x'),
    ]) {
      await expect(call()).rejects.toThrow(
        /^S3 (put|get|delete) of a photo could not reach the object store \(ECONNREFUSED\)$/,
      )
    }
    expect(Date.now() - started).toBeLessThan(3000)
  })

  it('an object whose type a copy tool made generic is served by its bytes\u2019 type; other bytes throw', async () => {
    const key = newPhotoKey('tasks/5')
    fake.objects.set(key, { bytes: IMAGES.webp, type: 'application/octet-stream' })
    expect((await storage.get(key))?.type).toBe('image/webp')
    fake.objects.set(key, { bytes: Buffer.from('<html>not a photo</html>'), type: 'text/html' })
    await expect(storage.get(key)).rejects.toThrow('not a JPEG, PNG or WebP image')
    await storage.delete(key)
  })

  it('an endpoint with a path keeps it before the bucket', async () => {
    // A store behind a proxy at /s3/: the fake sees /s3/… as the bucket, so it answers NoSuchBucket,
    // which shows the path went where it should and was signed as sent.
    const behind = s3PhotoStorage(settings({ endpoint: `${fake.url}/s3/` }))
    await expect(behind.get('tasks/1/x')).rejects.toMatchObject({ status: 404, code: 'NoSuchBucket' })
    expect(fake.requests.at(-1)).toMatchObject({ method: 'GET', key: `${fake.bucket}/tasks/1/x` })
  })

  it('the fake refuses what S3 refuses: no signature, a body that is not the one signed', async () => {
    const url = `${fake.url}${objectPath(fake.bucket, 'tasks/1/y')}`
    const unsigned = await fetch(url)
    expect(unsigned.status).toBe(403)
    expect(await unsigned.text()).toContain('<Code>AccessDenied</Code>')

    const signer = new AwsV4Signer({
      url,
      method: 'PUT',
      headers: { 'x-amz-content-sha256': sha256(IMAGES.jpeg) },
      service: 's3',
      region: fake.region,
      accessKeyId: fake.accessKeyId,
      secretAccessKey: fake.secretAccessKey,
    })
    const { headers } = await signer.sign()
    const swapped = await fetch(url, { method: 'PUT', headers, body: new Uint8Array(IMAGES.png) })
    expect(swapped.status).toBe(400)
    expect(await swapped.text()).toContain('<Code>XAmzContentSHA256Mismatch</Code>')
    expect(fake.objects.has('tasks/1/y')).toBe(false)
  })
})

describe('photoStorageFor', () => {
  const s3 = {
    S3_ENDPOINT: 'http://127.0.0.1:9000',
    S3_BUCKET: 'photos',
    S3_ACCESS_KEY_ID: 'minioadmin',
    S3_SECRET_ACCESS_KEY: 'minioadmin',
  }
  const db = {} as never

  it('chooses the database by default and the bucket with PHOTO_STORAGE=s3', () => {
    expect(photoStorageFor(db, loadConfig({})).kind).toBe('database')
    expect(photoStorageFor(db, loadConfig(s3)).kind).toBe('database')
    expect(photoStorageFor(db, loadConfig({ PHOTO_STORAGE: 's3', ...s3 })).kind).toBe('s3')
  })

  it('refuses a hand-made config without the S3 settings', () => {
    expect(() => photoStorageFor(db, { ...loadConfig({}), PHOTO_STORAGE: 's3' })).toThrow(/S3_ENDPOINT, S3_BUCKET/)
  })
})
