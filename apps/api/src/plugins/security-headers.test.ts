import { describe, expect, it } from 'vitest'
import { securityHeaders } from './security-headers'

describe('securityHeaders', () => {
  it("are helmet's headers for the options, computed once", () => {
    const headers = securityHeaders({
      contentSecurityPolicy: { directives: { 'script-src': ["'self'"], 'upgrade-insecure-requests': null } },
      strictTransportSecurity: false,
    })
    expect(headers['content-security-policy']).toContain("script-src 'self'")
    expect(headers['content-security-policy']).not.toContain('upgrade-insecure-requests')
    expect(headers['x-content-type-options']).toBe('nosniff')
    expect(headers['x-frame-options']).toBe('SAMEORIGIN')
    expect(headers['strict-transport-security']).toBeUndefined()
  })
})

describe('security headers on every answer', () => {
  it('are on refusals and unknown API paths too, not only on successes', async () => {
    const { createTestApp } = await import('../../test/test-app')
    const t = await createTestApp()
    try {
      for (const url of ['/healthz', '/api/me', '/api/no-such-thing']) {
        const res = await t.app.inject({ method: 'GET', url, headers: { accept: 'application/json' } })
        expect(res.headers['x-content-type-options'], url).toBe('nosniff')
        expect(res.headers['content-security-policy'], url).toContain("default-src 'self'")
      }
    } finally {
      await t.close()
    }
  })
})
