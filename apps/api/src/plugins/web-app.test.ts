import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { brotliCompressSync, brotliDecompressSync, gzipSync } from 'node:zlib'
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
  // Long enough (over 1 KB) that the page itself goes out compressed.
  const index = `<!doctype html><head><title>TownWorks</title><meta name="description" content="${'Book services. '.repeat(80)}"></head><div id="root"></div>`
  const preloads = {
    '/my/jobs': {
      js: ['/assets/my-jobs-1.js', '/assets/query-1.js', '/assets/evil.js"><script>alert(1)</script>'],
      css: ['/assets/workers-1.css'],
      languages: { en: ['/assets/workers-en.js'], te: ['/assets/common-te.js', '/assets/workers-te.js'] },
    },
    '/jobs/:taskId': { js: ['/assets/job-1.js'], css: [], languages: { en: ['/assets/jobs-en.js'] } },
  }

  const serviceWorker = `self.addEventListener('fetch', () => {})`
  const manifest = JSON.stringify({ name: 'TownWorks', lang: 'te', start_url: '/', display: 'standalone' })

  // What the web build writes for index.html's inline first-paint scripts (decision 033).
  const inlineHash = "'sha256-P8qTAi3YRDyX+zwptSEYlyI1RGE8nSWGLIZ7RCMN0n4='"

  beforeAll(async () => {
    root = mkdtempSync(path.join(tmpdir(), 'tw-web-'))
    mkdirSync(path.join(root, 'assets'))
    writeFileSync(path.join(root, 'index.html'), index)
    writeFileSync(path.join(root, 'route-preloads.json'), JSON.stringify(preloads))
    writeFileSync(path.join(root, 'inline-script-hashes.json'), JSON.stringify([inlineHash]))
    writeFileSync(path.join(root, 'assets', 'app.js'), script)
    writeFileSync(path.join(root, 'assets', 'app.js.br'), brotliCompressSync(script))
    writeFileSync(path.join(root, 'assets', 'app.js.gz'), gzipSync(script))
    // The service worker and a manifest (decision 065), as the web build writes them.
    writeFileSync(path.join(root, 'sw.js'), serviceWorker)
    writeFileSync(path.join(root, 'manifest.te.webmanifest'), manifest)
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

  it('serves the service worker and the manifests fresh on every visit, and the policy lets them work', async () => {
    const sw = await app.inject({ method: 'GET', url: '/sw.js' })
    expect(sw.statusCode).toBe(200)
    expect(sw.body).toBe(serviceWorker)
    expect(sw.headers['content-type']).toMatch(/^(text|application)\/javascript/)
    // A browser checks for a new worker on each visit; the answer must never come from an HTTP cache.
    expect(sw.headers['cache-control']).toBe('no-cache')
    const webManifest = await app.inject({ method: 'GET', url: '/manifest.te.webmanifest' })
    expect(webManifest.statusCode).toBe(200)
    expect(webManifest.headers['content-type']).toMatch(/^application\/manifest\+json/)
    expect(webManifest.headers['cache-control']).toBe('no-cache')
    const page = await app.inject({ method: 'GET', url: '/', headers: { accept: 'text/html' } })
    const policy = String(page.headers['content-security-policy'])
    expect(policy).toContain("worker-src 'self'")
    expect(policy).toContain("manifest-src 'self'")
  })

  it("lets the page's inline first-paint scripts run by their build-time hashes, and no other inline script", async () => {
    const page = await app.inject({ method: 'GET', url: '/', headers: { accept: 'text/html' } })
    const scriptSrc = /(?:^|;)\s*script-src ([^;]*)/.exec(String(page.headers['content-security-policy']))?.[1]
    expect(scriptSrc?.split(' ')).toEqual(["'self'", inlineHash])
  })

  it('answers a client route with the app, and an unknown API path with a JSON 404', async () => {
    const page = await app.inject({ method: 'GET', url: '/my/jobs', headers: { accept: 'text/html' } })
    expect(page.statusCode, page.body).toBe(200)
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

  it("names a screen's own files in its page, in the browser's language, and nothing for other paths", async () => {
    const page = await app.inject({
      method: 'GET',
      url: '/my/jobs/?from=sms',
      headers: { accept: 'text/html', 'accept-language': 'en-IN,en;q=0.9' },
    })
    expect(page.statusCode).toBe(200)
    expect(page.headers['content-type']).toContain('text/html')
    expect(page.headers.vary).toContain('accept-language')
    expect(page.headers['cache-control']).toBe('no-cache')
    const head = page.body.slice(0, page.body.indexOf('</head>'))
    expect(head).toContain('<link rel="modulepreload" crossorigin href="/assets/my-jobs-1.js">')
    expect(head).toContain('<link rel="modulepreload" crossorigin href="/assets/query-1.js">')
    expect(head).toContain('<link rel="modulepreload" crossorigin href="/assets/workers-en.js">')
    // In the stylesheet's own request mode (Vite adds it with crossorigin), or it is fetched twice.
    expect(head).toContain('<link rel="preload" as="style" crossorigin href="/assets/workers-1.css">')
    expect(head).not.toContain('workers-te.js')
    // A file name the build could never write is left out, not pasted into the page.
    expect(page.body).not.toContain('evil')
    expect(page.body).toContain('<div id="root">')

    const telugu = await app.inject({
      method: 'GET',
      url: '/my/jobs',
      headers: { accept: 'text/html', 'accept-language': 'te-IN,te;q=0.9,en;q=0.5', 'accept-encoding': 'br' },
    })
    expect(telugu.headers['content-encoding']).toBe('br')
    const teluguPage = brotliDecompressSync(telugu.rawPayload).toString('utf8')
    expect(teluguPage).toContain('href="/assets/common-te.js"')
    expect(teluguPage).toContain('href="/assets/workers-te.js"')
    expect(teluguPage).not.toContain('workers-en.js')

    // A screen whose address carries an id: its page names the screen's files whatever the id.
    for (const url of ['/jobs/45', '/jobs/9001']) {
      const job = await app.inject({ method: 'GET', url, headers: { accept: 'text/html' } })
      expect(job.body).toContain('<link rel="modulepreload" crossorigin href="/assets/job-1.js">')
      expect(job.body).toContain('href="/assets/jobs-en.js"')
    }
    const jobs = await app.inject({ method: 'GET', url: '/jobs/45/more', headers: { accept: 'text/html' } })
    expect(jobs.body).toBe(index)

    const other = await app.inject({ method: 'GET', url: '/no-such-screen', headers: { accept: 'text/html' } })
    expect(other.statusCode).toBe(404)
    expect(other.body).toBe(index)
    expect(jobs.statusCode).toBe(404)
  })

  it('answers a path that is no screen with the app (its "page does not exist" screen) and HTTP 404', async () => {
    for (const url of ['/no-such-screen', '/jobs/45/more', '/profile/extra', '/IMDDISPLAY', '/missing.png']) {
      const res = await app.inject({ method: 'GET', url, headers: { accept: 'text/html' } })
      expect(res.statusCode, url).toBe(404)
      expect(res.body, url).toContain('<div id="root">')
    }
    // Every screen of the contract still gets the app with 200, also with a trailing slash or a query.
    for (const url of ['/', '/login', '/profile/', '/imdDisplay?q=plumber', '/my/requests', '/jobs/12', '/swl']) {
      const res = await app.inject({ method: 'GET', url, headers: { accept: 'text/html' } })
      expect(res.statusCode, url).toBe(200)
    }
  })
})
