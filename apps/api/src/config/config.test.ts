import { spawnSync } from 'node:child_process'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { ConfigError, configWarnings, loadConfig } from './config'

describe('configuration', () => {
  it('defaults give an embedded database on port 3000', () => {
    const config = loadConfig({})
    expect(config.PORT).toBe(3000)
    expect(config.DATABASE_URL).toBeUndefined()
    expect(path.isAbsolute(config.dataDir)).toBe(true)
    expect(config.CORS_ORIGINS).toEqual([])
  })

  it('lists every problem at once', () => {
    const attempt = () =>
      loadConfig({ PORT: 'abc', DATABASE_URL: 'mysql://x', NODE_ENV: 'production', ADMIN_USERNAME: 'boss' })
    expect(attempt).toThrow(ConfigError)
    try {
      attempt()
    } catch (error) {
      const message = (error as Error).message
      expect(message).toContain('PORT')
      expect(message).toContain('DATABASE_URL must start with postgres://')
      expect(message).toContain('SESSION_SECRET is required in production')
      expect(message).toContain('ADMIN_USERNAME and ADMIN_PASSWORD go together')
    }
  })

  it('the sandbox checkout is on in development and test, off in production unless PAYMENTS_SANDBOX=1', () => {
    const secret = { SESSION_SECRET: 'x'.repeat(32) }
    expect(loadConfig({}).PAYMENTS_SANDBOX).toBe(true)
    expect(loadConfig({ NODE_ENV: 'test' }).PAYMENTS_SANDBOX).toBe(true)
    expect(loadConfig({ NODE_ENV: 'development', PAYMENTS_SANDBOX: '0' }).PAYMENTS_SANDBOX).toBe(false)
    expect(loadConfig({ NODE_ENV: 'production', ...secret }).PAYMENTS_SANDBOX).toBe(false)
    expect(loadConfig({ NODE_ENV: 'production', PAYMENTS_SANDBOX: '1', ...secret }).PAYMENTS_SANDBOX).toBe(true)
    expect(() => loadConfig({ PAYMENTS_SANDBOX: 'maybe' })).toThrow(/PAYMENTS_SANDBOX/)
  })

  it('warns loudly when the sandbox checkout is on in production, and only then', () => {
    const secret = { SESSION_SECRET: 'x'.repeat(32) }
    const on = configWarnings(loadConfig({ NODE_ENV: 'production', PAYMENTS_SANDBOX: '1', ...secret }))
    expect(on).toEqual([expect.stringContaining('PAYMENTS_SANDBOX is on in production')])
    expect(configWarnings(loadConfig({ NODE_ENV: 'production', ...secret }))).toEqual([])
    expect(configWarnings(loadConfig({ NODE_ENV: 'development' }))).toEqual([])
    // With Razorpay configured the sandbox is not used, whatever PAYMENTS_SANDBOX says.
    const razorpay = {
      RAZORPAY_KEY_ID: 'rzp_live_abcdef123456',
      RAZORPAY_KEY_SECRET: 'secret-secret',
      RAZORPAY_WEBHOOK_SECRET: 'webhook-secret',
    }
    expect(
      configWarnings(loadConfig({ NODE_ENV: 'production', PAYMENTS_SANDBOX: '1', ...secret, ...razorpay })),
    ).toEqual([])
  })

  it('CORS_ORIGINS must be origins', () => {
    expect(() => loadConfig({ CORS_ORIGINS: 'not a url' })).toThrow(/CORS_ORIGINS/)
    expect(loadConfig({ CORS_ORIGINS: 'https://a.example, https://b.example' }).CORS_ORIGINS).toEqual([
      'https://a.example',
      'https://b.example',
    ])
  })

  it('TRUST_PROXY is off, a hop count, or a list of proxy addresses and CIDR ranges — never everyone', () => {
    expect(loadConfig({}).TRUST_PROXY).toBe(false)
    expect(loadConfig({ TRUST_PROXY: '0' }).TRUST_PROXY).toBe(false)
    expect(loadConfig({ TRUST_PROXY: '1' }).TRUST_PROXY).toBe(1)
    expect(loadConfig({ TRUST_PROXY: '2' }).TRUST_PROXY).toBe(2)
    expect(loadConfig({ TRUST_PROXY: 'true' }).TRUST_PROXY).toBe(1)
    expect(loadConfig({ TRUST_PROXY: '127.0.0.1, 10.0.0.0/8,::1,fd00::/8,loopback' }).TRUST_PROXY).toEqual([
      '127.0.0.1',
      '10.0.0.0/8',
      '::1',
      'fd00::/8',
      'loopback',
    ])
    for (const bad of ['*', '11', '10.0.0.0/33', 'proxy.example.com', '1.2.3', '10.0.0.0/8/1'])
      expect(() => loadConfig({ TRUST_PROXY: bad }), bad).toThrow(/TRUST_PROXY/)
  })

  it('API docs are public in development and staff-only in production unless API_DOCS says', () => {
    expect(loadConfig({}).API_DOCS).toBe('public')
    const production = { NODE_ENV: 'production', SESSION_SECRET: 'x'.repeat(32) }
    expect(loadConfig(production).API_DOCS).toBe('staff')
    expect(loadConfig({ ...production, API_DOCS: 'public' }).API_DOCS).toBe('public')
    expect(() => loadConfig({ API_DOCS: 'everyone' })).toThrow(/API_DOCS/)
  })

  it('time-outs have safe defaults and are configurable', () => {
    const config = loadConfig({})
    expect(config.REQUEST_TIMEOUT_MS).toBe(30_000)
    expect(config.CONNECTION_TIMEOUT_MS).toBe(120_000)
    expect(config.KEEP_ALIVE_TIMEOUT_MS).toBe(72_000)
    expect(config.HSTS).toBe(true)
    expect(loadConfig({ REQUEST_TIMEOUT_MS: '5000' }).REQUEST_TIMEOUT_MS).toBe(5000)
    expect(() => loadConfig({ REQUEST_TIMEOUT_MS: '0' })).toThrow(/REQUEST_TIMEOUT_MS/)
  })

  it('the server refuses to start on bad configuration, saying why, before touching any data', () => {
    const apiRoot = path.resolve(import.meta.dirname, '../..')
    const result = spawnSync(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
      cwd: apiRoot,
      env: { ...process.env, PORT: 'not-a-port', DATA_DIR: '/nonexistent/should-not-be-created' },
      encoding: 'utf8',
      timeout: 30_000,
    })
    expect(result.status).toBe(1)
    expect(result.stderr).toContain('Invalid configuration')
    expect(result.stderr).toContain('PORT')
  })
})
