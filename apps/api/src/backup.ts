import { existsSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { setTimeout as sleep } from 'node:timers/promises'
import { ConfigError, loadConfig } from './config/config'
import { BACKUP_REQUEST_FILE, backupFileName, isEmptyFolder, restoreBackup, writeBackup } from './db/backup'
import { openDatabase } from './db/client'
import { lockDataDir, lockHolder } from './db/data-dir-lock'
import { copyToPostgres } from './db/move'

// `npm run backup [-- --out FILE|FOLDER]` and `npm run restore -- FILE [--force]` for the embedded
// database (decision 038). PostgreSQL is backed up with pg_dump (README).

const USAGE = `usage: npm run backup [-- --out FILE|FOLDER]
       npm run restore -- FILE [--force]
       npm run move-to-postgres -- postgres://user@host:5432/db [--from BACKUP_FILE]`

/** Paths typed by the person are relative to where they ran npm, not to the workspace. */
const fromCaller = (p: string) => path.resolve(process.env.INIT_CWD ?? process.cwd(), p)

function fail(message: string, code = 1): never {
  console.error(message)
  process.exit(code)
}

async function backup(args: string[], dataDir: string): Promise<void> {
  const outIndex = args.indexOf('--out')
  const out = outIndex >= 0 ? args[outIndex + 1] : undefined
  if (outIndex >= 0 && !out) fail(USAGE)
  const target = out ? fromCaller(out) : fromCaller('backups')
  const file =
    existsSync(target) && statSync(target).isDirectory()
      ? path.join(target, backupFileName())
      : out?.endsWith('.tar.gz')
        ? target
        : path.join(target, backupFileName())
  const pgDir = path.join(dataDir, 'pglite')
  if (isEmptyFolder(pgDir)) fail(`There is no embedded database in ${dataDir} to back up.`)

  const holder = lockHolder(dataDir)
  if (holder) {
    // The server owns the folder: it writes the backup itself between two statements.
    writeFileSync(path.join(dataDir, BACKUP_REQUEST_FILE), JSON.stringify({ file }))
    process.kill(holder, 'SIGUSR2')
    const deadline = Date.now() + 300_000
    while (!existsSync(file)) {
      if (existsSync(`${file}.error`)) fail(`The server could not write the backup: ${file}.error`)
      if (Date.now() > deadline) fail(`The server (pid ${holder}) did not write ${file} within 5 minutes.`)
      await sleep(100)
    }
  } else {
    const release = lockDataDir(dataDir)
    try {
      const database = await openDatabase({ kind: 'pglite', dataDir: pgDir })
      try {
        await writeBackup(database.pglite!, file)
      } finally {
        await database.close()
      }
    } finally {
      release()
    }
  }
  console.log(`Backup written: ${file} (${statSync(file).size} bytes)`)
}

async function restore(args: string[], dataDir: string): Promise<void> {
  const force = args.includes('--force') || process.env.npm_config_force === 'true'
  const source = args.find((a) => !a.startsWith('--'))
  if (!source) fail(USAGE)
  const file = fromCaller(source)
  if (!existsSync(file)) fail(`No such backup: ${file}`)
  const holder = lockHolder(dataDir)
  if (holder) fail(`TownWorks (pid ${holder}) is running on ${dataDir}: stop it before restoring into it.`)
  const pgDir = path.join(dataDir, 'pglite')
  if (!isEmptyFolder(pgDir)) {
    if (!force)
      fail(`${pgDir} already holds a database. Restore into an empty DATA_DIR, or add --force to replace it.`, 2)
    rmSync(pgDir, { recursive: true, force: true })
  }
  const release = lockDataDir(dataDir)
  try {
    await restoreBackup(file, pgDir)
  } finally {
    release()
  }
  console.log(`Restored ${file} into ${pgDir}. Start the server with DATA_DIR=${dataDir}.`)
}

/** Copy the embedded database (the stopped server's, or a backup file's) into an empty PostgreSQL database. */
async function moveToPostgres(args: string[], dataDir: string): Promise<void> {
  const url = args.find((a) => /^postgres(ql)?:\/\//.test(a))
  if (!url) fail(USAGE)
  const fromIndex = args.indexOf('--from')
  const from = fromIndex >= 0 ? args[fromIndex + 1] : undefined
  let release = () => {}
  if (!from) {
    const holder = lockHolder(dataDir)
    if (holder) fail(`TownWorks (pid ${holder}) is running on ${dataDir}: stop it first, or move a backup with --from.`)
    release = lockDataDir(dataDir)
  }
  try {
    const source = from
      ? await openDatabase({ kind: 'pglite', snapshot: new Blob([readFileSync(fromCaller(from))]) })
      : await openDatabase({ kind: 'pglite', dataDir: path.join(dataDir, 'pglite') })
    const target = await openDatabase({ kind: 'postgres', url })
    try {
      const copied = await copyToPostgres(source, target)
      for (const [table, n] of Object.entries(copied)) console.log(`  ${table.padEnd(28)} ${n}`)
      console.log('Moved. Start the server with DATABASE_URL set to that database.')
    } finally {
      await target.close()
      await source.close()
    }
  } finally {
    release()
  }
}

async function main(): Promise<void> {
  const [command, ...args] = process.argv.slice(2)
  let config
  try {
    config = loadConfig()
  } catch (error) {
    if (error instanceof ConfigError) fail(error.message)
    throw error
  }
  if (command === 'to-postgres') return moveToPostgres(args, config.dataDir)
  if (config.DATABASE_URL) {
    fail('DATABASE_URL is set: back up PostgreSQL with pg_dump and restore it with pg_restore (see the README).')
  }
  if (command === 'backup') return backup(args, config.dataDir)
  if (command === 'restore') return restore(args, config.dataDir)
  fail(USAGE)
}

main().then(
  () => process.exit(0),
  (error: unknown) =>
    fail(`${process.argv[2] ?? 'backup'} failed: ${error instanceof Error ? error.message : String(error)}`),
)
