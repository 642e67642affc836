import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { brotliCompressSync, gzipSync } from 'node:zlib'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildApp } from '../app'
import { loadConfig } from '../config/config'
import { createTestDatabase } from '../../test/test-app'
import type { FastifyInstance } from 'fastify'

describe('the web app is served from the API process', () => {
  let app: FastifyInstance
  let drop: () => Promise<void>
  let root: string
  const script = `console.log(${JSON.stringify('TownWorks '.repeat(300))})`

  beforeAll(async () => {
    root = mkdtempSync(path.join(tmpdir(), 'tw-web-'))
    mkdirSync(path.join(root, 'assets'))
    writeFileSync(path.join(root, 'index.html'), '<!doctype html><title>TownWorks</title><div id="root"></div>')
    writeFileSync(path.join(root, 'assets', 'app.js'), script)
    writeFileSync(path.join(root, 'assets', 'app.js.br'), brotliCompressSync(script))
    writeFileSync(path.join(root, 'assets', 'app.js.gz'), gzipSync(script))
    const db = await createTestDatabase()
    drop = db.drop
    app = await buildApp({ config: loadConfig({ NODE_ENV: 'test' }), database: db.database, webRoot: root })
    await app.ready()
  })
  afterAll(async () => {
    await app.close()
    await drop()
    rmSync(root, { recursive: true, force: true })
  })

  it('sends the pre-compressed asset to a browser that accepts it, and the plain one otherwise', async () => {
    const br = await app.inject({ method: 'GET', url: '/assets/app.js', headers: { 'accept-encoding': 'gzip, br' } })
    expect(br.statusCode).toBe(200)
    expect(br.headers['content-encoding']).toBe('br')
    expect(br.rawPayload.length).toBeLessThan(script.length / 5)
    expect(br.headers['cache-control']).toContain('immutable')
    const gz = await app.inject({ method: 'GET', url: '/assets/app.js', headers: { 'accept-encoding': 'gzip' } })
    expect(gz.headers['content-encoding']).toBe('gzip')
    const plain = await app.inject({ method: 'GET', url: '/assets/app.js' })
    expect(plain.headers['content-encoding']).toBeUndefined()
    expect(plain.body).toBe(script)
  })

  it('answers a client route with the app, and an unknown API path with a JSON 404', async () => {
    const page = await app.inject({ method: 'GET', url: '/my/jobs', headers: { accept: 'text/html' } })
    expect(page.statusCode).toBe(200)
    expect(page.body).toContain('<div id="root">')
    expect(page.headers['cache-control']).toBe('no-cache')
    const home = await app.inject({ method: 'GET', url: '/', headers: { accept: '*/*' } })
    expect(home.statusCode).toBe(200)
    expect(home.body).toContain('<div id="root">')
    const json = await app.inject({ method: 'GET', url: '/nothing.json', headers: { accept: 'application/json' } })
    expect(json.statusCode).toBe(404)
    const api = await app.inject({ method: 'GET', url: '/api/nothing-here', headers: { accept: 'text/html' } })
    expect(api.statusCode).toBe(404)
    expect(api.json()).toMatchObject({ code: 'NOT_FOUND' })
  })
})
