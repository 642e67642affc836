import { spawnSync } from 'node:child_process'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { ConfigError, loadConfig } from './config'

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

  it('CORS_ORIGINS must be origins', () => {
    expect(() => loadConfig({ CORS_ORIGINS: 'not a url' })).toThrow(/CORS_ORIGINS/)
    expect(loadConfig({ CORS_ORIGINS: 'https://a.example, https://b.example' }).CORS_ORIGINS).toEqual([
      'https://a.example',
      'https://b.example',
    ])
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
