import { ErrorBodySchema } from '@townworks/contract'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, type TestApp } from '../../test/test-app'

describe('error answers', () => {
  let t: TestApp
  beforeAll(async () => {
    t = await createTestApp()
  })
  afterAll(() => t.close())

  it('an unknown API path is a JSON 404 with a code', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/no-such-thing', headers: { accept: 'text/html' } })
    expect(res.statusCode).toBe(404)
    expect(ErrorBodySchema.parse(res.json()).code).toBe('NOT_FOUND')
  })

  it('a body that is not JSON is a 400, not a 500', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      headers: { 'content-type': 'application/json' },
      payload: '{"user": ',
    })
    expect(res.statusCode).toBe(400)
    expect(ErrorBodySchema.parse(res.json()).code).toBe('VALIDATION_FAILED')
  })

  it('a body over the size limit is refused with 413', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ user: 'x', pwd: 'y'.repeat(100_000) }),
    })
    expect(res.statusCode).toBe(413)
    expect(ErrorBodySchema.parse(res.json()).code).toBe('PAYLOAD_TOO_LARGE')
  })

  it('serves the OpenAPI document generated from the contract', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/json' })
    expect(res.statusCode).toBe(200)
    const doc = res.json() as { openapi: string; paths: Record<string, unknown> }
    expect(doc.openapi).toMatch(/^3\./)
    expect(Object.keys(doc.paths)).toEqual(expect.arrayContaining(['/api/taskstatus', '/api/workerservices']))
  })

  it('shows the Idempotency-Key header of the endpoints that declare it, required where it is', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/json' })
    type Operation = { parameters?: { in: string; name: string; required?: boolean }[] }
    const paths = (res.json() as { paths: Record<string, Record<string, Operation>> }).paths
    const header = (path: string, method: string) =>
      paths[path]?.[method]?.parameters?.find((p) => p.in === 'header' && p.name === 'idempotency-key')
    expect(header('/api/servicerequest', 'post')).toMatchObject({ required: false })
    expect(header('/send-whatsapp', 'post')).toMatchObject({ required: false })
    expect(header('/api/tasks/{id}/payments/manual', 'post')).toMatchObject({ required: true })
    expect(header('/api/schedule', 'post')).toBeUndefined()
  })
})
