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

  describe('photo storage (decision 057)', () => {
    const s3 = {
      PHOTO_STORAGE: 's3',
      S3_ENDPOINT: 'http://127.0.0.1:9000',
      S3_BUCKET: 'townworks-photos',
      S3_ACCESS_KEY_ID: 'minioadmin',
      S3_SECRET_ACCESS_KEY: 'minioadmin-secret',
    }
    const problems = (env: Record<string, string>) => {
      try {
        loadConfig(env)
      } catch (error) {
        expect(error).toBeInstanceOf(ConfigError)
        return (error as Error).message
      }
      throw new Error('the configuration was accepted')
    }

    it('is the database by default; PHOTO_STORAGE=s3 with every S3 setting chooses the bucket', () => {
      expect(loadConfig({}).PHOTO_STORAGE).toBe('database')
      const config = loadConfig(s3)
      expect(config).toMatchObject({ ...s3, S3_REGION: 'us-east-1' })
      expect(loadConfig({ ...s3, S3_REGION: 'ap-south-1' }).S3_REGION).toBe('ap-south-1')
      expect(loadConfig({ ...s3, S3_ENDPOINT: 'https://s3.ap-south-1.amazonaws.com/' }).S3_ENDPOINT).toBe(
        'https://s3.ap-south-1.amazonaws.com/',
      )
    })

    it('PHOTO_STORAGE=s3 names every S3 setting that is missing', () => {
      const message = problems({ PHOTO_STORAGE: 's3', S3_BUCKET: 'townworks-photos' })
      for (const name of ['S3_ENDPOINT', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'])
        expect(message).toContain(`${name} is required when PHOTO_STORAGE=s3`)
      expect(message).not.toContain('S3_BUCKET')
      for (const name of ['S3_ENDPOINT', 'S3_BUCKET', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY']) {
        const without: Record<string, string> = { ...s3 }
        delete without[name]
        expect(problems(without)).toContain(`${name} is required when PHOTO_STORAGE=s3`)
      }
    })

    it('says what a bad value should be, without repeating a secret', () => {
      expect(problems({ PHOTO_STORAGE: 'disk' })).toContain('PHOTO_STORAGE is database (the default) or s3')
      expect(problems({ ...s3, S3_ENDPOINT: 'ftp://files.example' })).toContain(
        'S3_ENDPOINT must be an http:// or https:// URL',
      )
      expect(problems({ ...s3, S3_ENDPOINT: 'minio:9000' })).toContain('S3_ENDPOINT must be an http:// or https:// URL')
      const withKeys = problems({ ...s3, S3_ENDPOINT: 'https://admin:hunter2-secret@minio.example' })
      expect(withKeys).toContain('S3_ENDPOINT is the address alone')
      expect(withKeys).not.toContain('hunter2-secret')
      expect(problems({ ...s3, S3_ENDPOINT: 'https://minio.example/?region=x' })).toContain(
        'S3_ENDPOINT is the address alone',
      )
      expect(problems({ ...s3, S3_BUCKET: 'Town_Photos' })).toContain('S3_BUCKET is a bucket name')
      expect(problems({ ...s3, S3_REGION: 'us-east-1/x' })).toContain('S3_REGION is a region name')
      expect(problems({ ...s3, S3_ACCESS_KEY_ID: 'a/b' })).toContain('S3_ACCESS_KEY_ID is the access key id')
      const short = problems({ ...s3, S3_SECRET_ACCESS_KEY: 'abc123' })
      expect(short).toContain('S3_SECRET_ACCESS_KEY looks too short')
      expect(short).not.toContain('abc123')
    })

    it('warns when S3 settings are given but photos stay in the database', () => {
      const { PHOTO_STORAGE: _, ...settingsOnly } = s3
      expect(configWarnings(loadConfig(settingsOnly))).toEqual([
        expect.stringContaining('S3_* settings are set but PHOTO_STORAGE is database'),
      ])
      expect(configWarnings(loadConfig(s3))).toEqual([])
    })

    it('the server refuses to start with PHOTO_STORAGE=s3 and no bucket, saying which settings are missing', () => {
      const env: NodeJS.ProcessEnv = { ...process.env, ...s3, DATA_DIR: '/nonexistent/should-not-be-created' }
      delete env.S3_BUCKET
      delete env.S3_SECRET_ACCESS_KEY
      const result = spawnSync(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
        cwd: path.resolve(import.meta.dirname, '../..'),
        env,
        encoding: 'utf8',
        timeout: 30_000,
      })
      expect(result.status).toBe(1)
      expect(result.stderr).toContain('Invalid configuration')
      expect(result.stderr).toContain('S3_BUCKET is required when PHOTO_STORAGE=s3')
      expect(result.stderr).toContain('S3_SECRET_ACCESS_KEY is required when PHOTO_STORAGE=s3')
    })
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

  it('GST registration (decision 060): unregistered by default; registered needs GSTIN, legal name and address; the GSTIN is checked', () => {
    const fresh = loadConfig({})
    expect(fresh.GST_REGISTERED).toBe(false)
    expect(fresh.BUSINESS_STATE_CODE).toBe('36')
    expect(fresh.BUSINESS_LEGAL_NAME).toBe('TownWorks')
    const registered = {
      GST_REGISTERED: '1',
      GSTIN: '36aabct1332l1zf',
      BUSINESS_LEGAL_NAME: 'TownWorks Services Private Limited',
      BUSINESS_ADDRESS: '2-3-45, Station Road, Armoor, Nizamabad, Telangana 503224',
    }
    const config = loadConfig(registered)
    expect(config.GST_REGISTERED).toBe(true)
    expect(config.GSTIN).toBe('36AABCT1332L1ZF')
    expect(configWarnings(config).join(' ')).not.toMatch(/GSTIN/)

    expect(() => loadConfig({ GST_REGISTERED: '1' })).toThrow(
      /GSTIN is required when GST_REGISTERED=1[\s\S]*BUSINESS_LEGAL_NAME is required[\s\S]*BUSINESS_ADDRESS is required/,
    )
    expect(() => loadConfig({ ...registered, GSTIN: '36AABCT1332L1ZZ' })).toThrow(
      /GSTIN 36AABCT1332L1ZZ is not valid: .*check/,
    )
    expect(() => loadConfig({ ...registered, GSTIN: '36AABCT1332' })).toThrow(
      /GSTIN .* is not valid: A GSTIN is 15 characters/,
    )
    expect(() => loadConfig({ ...registered, GSTIN: '29AAGCB7383J1Z4' })).toThrow(
      /registered in Karnataka \(29\) but BUSINESS_STATE_CODE is 36: set BUSINESS_STATE_CODE=29/,
    )
    expect(loadConfig({ ...registered, GSTIN: '29AAGCB7383J1Z4', BUSINESS_STATE_CODE: '29' }).BUSINESS_STATE_CODE).toBe(
      '29',
    )
    expect(() => loadConfig({ BUSINESS_STATE_CODE: '28' })).toThrow(/BUSINESS_STATE_CODE is a two-digit GST state code/)
    expect(configWarnings(loadConfig({ GSTIN: '36AABCT1332L1ZF' })).join(' ')).toMatch(
      /GSTIN is set but GST_REGISTERED is off/,
    )
  })
})
