import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { count } from 'drizzle-orm'
import { afterEach, describe, expect, it } from 'vitest'
import { removeLater } from '../test/test-app'
import { loadConfig } from './config/config'
import { DataDirLockedError, lockDataDir } from './db/data-dir-lock'
import { workers } from './db/schema'
import { startServices } from './startup'

// These open an embedded database on disk, as `npm start` does; PostgreSQL needs no such test.
describe('embedded database folder', () => {
  const cleanups: (() => void)[] = []
  afterEach(() => {
    for (const c of cleanups.splice(0)) c()
  })
  const tempDir = () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'tw-data-'))
    cleanups.push(removeLater(dir))
    return dir
  }

  it('a new folder gets demo data once, and a restart keeps everything', async () => {
    const config = loadConfig({ DATA_DIR: tempDir() })
    const first = await startServices(config)
    expect(first.database.kind).toBe('pglite')
    expect(first.demoLogins.map((l) => l.role)).toEqual(
      expect.arrayContaining(['admin', 'operator', 'customer', 'worker']),
    )
    const [before] = await first.database.db.select({ n: count() }).from(workers)
    expect(before!.n).toBeGreaterThanOrEqual(30)
    await first.database.db.insert(workers).values({ name: 'Restart Check', townId: 1, phone: '+919000000001' })
    await first.database.close()
    first.release()

    const second = await startServices(config)
    expect(second.demoLogins).toEqual([])
    const [after] = await second.database.db.select({ n: count() }).from(workers)
    expect(after!.n).toBe(before!.n + 1)
    await second.database.close()
    second.release()
  })

  it('ADMIN_USERNAME creates the admin when none exists, and the demo does not take that name', async () => {
    const config = loadConfig({ DATA_DIR: tempDir(), ADMIN_USERNAME: 'admin', ADMIN_PASSWORD: 'a-long-admin-password' })
    const started = await startServices(config)
    expect(started.adminCreated).toBe(true)
    expect(started.demoLogins.map((l) => l.username)).not.toContain('admin')
    expect(started.demoLogins.map((l) => l.username)).toContain('operator')
    await started.database.close()
    started.release()
    const again = await startServices(config)
    expect(again.adminCreated).toBe(false)
    await again.database.close()
    again.release()
  })

  it('refuses a second process on the same folder with a clear message', () => {
    const dir = tempDir()
    // Pretend another live process (our parent) holds the lock.
    writeFileSync(path.join(dir, 'townworks.lock'), String(process.ppid))
    expect(() => lockDataDir(dir)).toThrow(DataDirLockedError)
    expect(() => lockDataDir(dir)).toThrow(/in use by another TownWorks process/)
  })

  it('takes over a lock left by a process that died', () => {
    const dir = tempDir()
    writeFileSync(path.join(dir, 'townworks.lock'), '999999999')
    const release = lockDataDir(dir)
    expect(() => lockDataDir(dir)).not.toThrow(DataDirLockedError)
    release()
  })
})
