import { randomUUID } from 'node:crypto'
import { buildPath, endpoints, isAllowed, ROLES, type Endpoint, type Role } from '@townworks/contract'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTokenService } from '../src/modules/auth/tokens'
import { loginAs } from './auth-helpers'
import { createTestApp, type TestApp } from './test-app'

// Routes that are not API calls: the OpenAPI pages and the web app's files.
const NOT_API = (url: string) => url.startsWith('/api/docs') || url === '/*' || url === '*'

const fill = (e: Endpoint) =>
  buildPath(e.path, Object.fromEntries([...e.path.matchAll(/:([A-Za-z_]+)/g)].map((m) => [m[1]!, 999_999])))

describe('every route declares who may call it, and the server enforces it', () => {
  let t: TestApp
  const tokens: Partial<Record<Role, string>> = {}
  let expired: string
  let forged: string
  const all = Object.values(endpoints) as Endpoint[]

  beforeAll(async () => {
    t = await createTestApp()
    for (const role of ROLES) tokens[role] = (await loginAs(t, role)).token
    const claims = { userId: 1, username: 'someone', role: 'admin' as const, sessionId: randomUUID() }
    expired = await createTokenService(t.config.SESSION_SECRET!).signAccess(claims, new Date(Date.now() - 3_600_000))
    forged = await createTokenService('another-key-another-key-another-key').signAccess(claims)
  })
  afterAll(() => t.close())

  it('every registered route is a contract endpoint with an access rule', () => {
    const apiRoutes = t.app.routeTable.filter((r) => r.method !== 'HEAD' && !NOT_API(r.url))
    expect(apiRoutes.length).toBeGreaterThan(5)
    for (const r of apiRoutes) {
      const declared = all.find((e) => e.method === r.method && e.path === r.url)
      expect(declared, `${r.method} ${r.url} is not in the contract's endpoint table`).toBeDefined()
      expect(r.access, `${r.method} ${r.url} has no access rule`).toEqual(declared!.access)
    }
  })

  // Logout ends the session of the token it is called with: it goes last, or the tokens would die midway.
  const served = () =>
    all
      .filter((e) => t.app.routeTable.some((r) => r.method === e.method && r.url === e.path))
      .sort((a, b) => Number(a === endpoints.logout) - Number(b === endpoints.logout))

  /** One call; an event stream is let go once its status is known (it would stay open until the server closes). */
  async function call(e: Endpoint, headers: Record<string, string>) {
    if (!e.eventStream) return t.app.inject({ method: e.method, url: fill(e), headers })
    const res = await t.app.inject({ method: e.method, url: fill(e), headers, payloadAsStream: true })
    res.stream().destroy()
    return { statusCode: res.statusCode, body: '' }
  }

  it('callers without a valid token get 401 wherever a login is needed', async () => {
    for (const e of served()) {
      for (const [label, headers] of [
        ['no token', {}],
        ['expired token', { authorization: `Bearer ${expired}` }],
        ['token signed with another key', { authorization: `Bearer ${forged}` }],
      ] as const) {
        const res = await call(e, headers)
        if (e.access === 'public') {
          expect(e.ownCredential ? [403] : [401, 403], `${e.method} ${e.path} with ${label}`).not.toContain(
            res.statusCode,
          )
        } else {
          expect(res.statusCode, `${e.method} ${e.path} with ${label}`).toBe(401)
        }
      }
    }
  })

  it('each role gets exactly what its rule allows', async () => {
    for (const e of served()) {
      for (const role of ROLES) {
        const res = await call(e, { authorization: `Bearer ${tokens[role]}` })
        if (isAllowed(e.access, role)) {
          expect(e.ownCredential ? [403] : [401, 403], `${role} on ${e.method} ${e.path}: ${res.body}`).not.toContain(
            res.statusCode,
          )
        } else {
          expect(res.statusCode, `${role} on ${e.method} ${e.path}`).toBe(403)
        }
      }
    }
  })
})
