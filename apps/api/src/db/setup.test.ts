import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { count } from 'drizzle-orm'
import { afterEach, describe, expect, it } from 'vitest'
import { removeLater } from '../../test/test-app'
import { loadConfig } from '../config/config'
import { DataDirLockedError, lockDataDir } from './data-dir-lock'
import { workers } from './schema'
import { prepareDatabase } from './setup'

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
    const first = await prepareDatabase(config)
    expect(first.database.kind).toBe('pglite')
    expect(first.demoLogins.map((l) => l.role)).toEqual(
      expect.arrayContaining(['admin', 'operator', 'customer', 'worker']),
    )
    const [before] = await first.database.db.select({ n: count() }).from(workers)
    expect(before!.n).toBeGreaterThanOrEqual(30)
    await first.database.db.insert(workers).values({ name: 'Restart Check', townId: 1, phone: '+919000000001' })
    await first.database.close()
    first.release()

    const second = await prepareDatabase(config)
    expect(second.demoLogins).toEqual([])
    const [after] = await second.database.db.select({ n: count() }).from(workers)
    expect(after!.n).toBe(before!.n + 1)
    await second.database.close()
    second.release()
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
