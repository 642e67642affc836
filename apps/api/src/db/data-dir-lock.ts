import { closeSync, mkdirSync, openSync, readFileSync, rmSync, writeSync } from 'node:fs'
import path from 'node:path'

/** Thrown when another live process holds the data folder. */
export class DataDirLockedError extends Error {
  override name = 'DataDirLockedError'
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0)
    return true
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM'
  }
}

/** The process id of the live TownWorks process that holds the data folder, if one does. */
export function lockHolder(dataDir: string): number | undefined {
  try {
    const holder = Number.parseInt(readFileSync(path.join(dataDir, 'townworks.lock'), 'utf8'), 10)
    return Number.isInteger(holder) && holder !== process.pid && isAlive(holder) ? holder : undefined
  } catch {
    return undefined
  }
}

/**
 * Take an exclusive lock on an embedded database folder. PGlite has no lock of its own, and two
 * processes writing one folder corrupt it, so a second server on the same DATA_DIR is refused.
 * A lock left by a process that died is taken over.
 */
export function lockDataDir(dataDir: string): () => void {
  mkdirSync(dataDir, { recursive: true })
  const lockFile = path.join(dataDir, 'townworks.lock')
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = openSync(lockFile, 'wx')
      writeSync(fd, String(process.pid))
      closeSync(fd)
      let released = false
      return () => {
        if (released) return
        released = true
        rmSync(lockFile, { force: true })
      }
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error
      const holder = Number.parseInt(readFileSync(lockFile, 'utf8'), 10)
      if (Number.isInteger(holder) && holder !== process.pid && isAlive(holder)) {
        throw new DataDirLockedError(
          `The data folder ${dataDir} is in use by another TownWorks process (pid ${holder}). ` +
            'The embedded database serves one process only: stop the other one, use another DATA_DIR, ' +
            'or set DATABASE_URL to a PostgreSQL server to run several processes.',
        )
      }
      rmSync(lockFile, { force: true })
    }
  }
  throw new DataDirLockedError(`Could not lock the data folder ${dataDir}`)
}
