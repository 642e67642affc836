import { spawn } from 'node:child_process'
import { existsSync, mkdtempSync, readdirSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { inArray } from 'drizzle-orm'
import { afterAll, describe, expect, it } from 'vitest'
import { openDatabase } from '../src/db/client'
import { serviceRequests } from '../src/db/schema'
import { addDays, todayInIndia } from '../src/shared/dates'
import { startApiProcess, type ApiProcess } from './api-process'
import { removeLater } from './test-app'

const ROOT = path.resolve(import.meta.dirname, '../../..')

/** `npm run backup` / `npm run restore` as the scripts run them (the CLI through tsx here). */
function cli(args: string[], env: Record<string, string>): Promise<{ code: number; output: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'apps/api/src/backup.ts', ...args], {
      cwd: ROOT,
      env: { ...process.env, NODE_ENV: 'test', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    let output = ''
    child.stdout.on('data', (c: Buffer) => (output += c.toString()))
    child.stderr.on('data', (c: Buffer) => (output += c.toString()))
    child.on('exit', (code) => resolve({ code: code ?? -1, output }))
  })
}

const onPostgres = Boolean(process.env.TEST_DATABASE_URL)

describe.skipIf(onPostgres)('backups of the embedded database', () => {
  const folders: string[] = []
  const processes: ApiProcess[] = []
  const folder = (name: string) => {
    const dir = mkdtempSync(path.join(os.tmpdir(), `tw-${name}-`))
    folders.push(dir)
    return dir
  }
  afterAll(async () => {
    for (const p of processes) await p.stop()
    for (const dir of folders) removeLater(dir)()
  })

  it('backs up while writes run; the restore holds every write acknowledged before the backup began', async () => {
    const dataDir = folder('data')
    const backups = folder('backups')
    const env = { DATA_DIR: dataDir, SERVICE_REQUEST_RATE_LIMIT: '1000000' }
    const server = await startApiProcess(env, 120_000)
    processes.push(server)

    // A writer books requests one after another and notes each id the server acknowledged, and when.
    const acknowledged: { id: number; at: number }[] = []
    let writing = true
    const writer = (async () => {
      for (let i = 0; writing; i++) {
        const res = await fetch(`${server.base}/api/servicerequest`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({
            name: `Backup Writer ${i}`,
            phone: '9848012345',
            service: 'Painter',
            service_date: addDays(todayInIndia(), 3),
            town: 'Nizamabad',
          }),
        })
        if (res.status === 201) acknowledged.push({ id: ((await res.json()) as { id: number }).id, at: Date.now() })
      }
    })()
    while (acknowledged.length < 20) await new Promise((r) => setTimeout(r, 50))

    const startedAt = Date.now()
    const backup = await cli(['backup', '--out', backups], env)
    expect(backup.code, backup.output).toBe(0)
    const during = acknowledged.filter((a) => a.at > startedAt).length
    writing = false
    await writer
    await server.stop()
    const before = acknowledged.filter((a) => a.at < startedAt).map((a) => a.id)
    expect(before.length).toBeGreaterThanOrEqual(20)
    expect(during, 'writes kept being acknowledged while the backup ran').toBeGreaterThan(0)

    const files = readdirSync(backups)
    expect(files).toHaveLength(1)
    expect(files[0]).toMatch(/^townworks-\d{4}-\d{2}-\d{2}T\d{6}Z\.tar\.gz$/)
    const file = path.join(backups, files[0]!)

    // Restore into a new folder, refuse to overwrite it, then start the app on it.
    const restored = folder('restored')
    const restore = await cli(['restore', file], { DATA_DIR: restored })
    expect(restore.code, restore.output).toBe(0)
    const again = await cli(['restore', file], { DATA_DIR: restored })
    expect(again.code).toBe(2)
    expect(again.output).toContain('--force')
    const forced = await cli(['restore', file, '--force'], { DATA_DIR: restored })
    expect(forced.code, forced.output).toBe(0)

    const app = await startApiProcess({ DATA_DIR: restored }, 120_000)
    processes.push(app)
    const ready = await fetch(`${app.base}/readyz`)
    expect(ready.status).toBe(200)
    await app.stop()

    const database = await openDatabase({ kind: 'pglite', dataDir: path.join(restored, 'pglite') })
    try {
      const rows = await database.db
        .select({ id: serviceRequests.id })
        .from(serviceRequests)
        .where(inArray(serviceRequests.id, before))
      expect(rows.map((r) => r.id).sort((a, b) => a - b)).toEqual([...before].sort((a, b) => a - b))
    } finally {
      await database.close()
    }
    expect(existsSync(path.join(restored, 'townworks.lock'))).toBe(false)
  }, 400_000)
})
