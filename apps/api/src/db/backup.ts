import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import type { PGlite } from '@electric-sql/pglite'
import { openDatabase } from './client'

// Backups of the embedded database (decision 038): PGlite's own dump of its data folder, gzipped.

/** Where the running server looks for a backup request when it receives SIGUSR2. */
export const BACKUP_REQUEST_FILE = 'backup-request.json'

/** A backup's file name: the UTC date and time, `townworks-2026-11-26T101500Z.tar.gz`. */
export function backupFileName(now = new Date()): string {
  const stamp = now
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}Z$/, 'Z')
  return `townworks-${stamp.slice(0, 4)}-${stamp.slice(4, 6)}-${stamp.slice(6)}.tar.gz`
}

/**
 * A consistent copy of the database: a checkpoint writes every committed change to the data files,
 * then PGlite dumps its folder between two statements (it runs one at a time). A transaction in
 * flight is rolled back when the copy is opened, as after a crash: every committed one is in it.
 */
export async function dumpDatabase(pglite: PGlite): Promise<Buffer> {
  await pglite.query('CHECKPOINT')
  const blob = await pglite.dumpDataDir('gzip')
  return Buffer.from(await blob.arrayBuffer())
}

/** Write a backup to `file` whole or not at all (a `.partial` file renamed when complete). */
export async function writeBackup(pglite: PGlite, file: string): Promise<number> {
  mkdirSync(path.dirname(file), { recursive: true })
  const bytes = await dumpDatabase(pglite)
  const partial = `${file}.partial`
  writeFileSync(partial, bytes)
  renameSync(partial, file)
  return bytes.length
}

/** Whether an embedded database folder holds anything. */
export function isEmptyFolder(folder: string): boolean {
  return !existsSync(folder) || readdirSync(folder).length === 0
}

/** Fill an empty folder from a backup, then open it once to prove it starts and answers. */
export async function restoreBackup(file: string, pgDir: string): Promise<void> {
  if (!isEmptyFolder(pgDir)) throw new Error(`${pgDir} is not empty`)
  mkdirSync(pgDir, { recursive: true })
  const snapshot = new Blob([readFileSync(file)])
  try {
    const database = await openDatabase({ kind: 'pglite', dataDir: pgDir, snapshot })
    try {
      await database.ping()
    } finally {
      await database.close()
    }
  } catch (error) {
    rmSync(pgDir, { recursive: true, force: true })
    throw error
  }
}

/** What the server does on SIGUSR2: read the request file, write the backup it names, or `<file>.error`. */
export async function answerBackupRequest(pglite: PGlite, dataDir: string): Promise<string | undefined> {
  const requestFile = path.join(dataDir, BACKUP_REQUEST_FILE)
  if (!existsSync(requestFile)) return undefined
  const { file } = JSON.parse(readFileSync(requestFile, 'utf8')) as { file: string }
  rmSync(requestFile, { force: true })
  try {
    await writeBackup(pglite, file)
    return file
  } catch (error) {
    writeFileSync(`${file}.error`, error instanceof Error ? error.message : String(error))
    throw error
  }
}
