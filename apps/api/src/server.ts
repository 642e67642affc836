import { buildApp } from './app'
import { ConfigError, configWarnings, loadConfig } from './config/config'
import { answerBackupRequest } from './db/backup'
import { DataDirLockedError } from './db/data-dir-lock'
import { startNotificationDispatcher, type Dispatcher } from './modules/notifications/notifications.service'
import { loggerOptions } from './shared/logging'
import { findUp } from './shared/paths'
import { startServices } from './startup'

// Process entry: configuration, logger, listen, graceful close. No application logic lives here.
async function main(): Promise<void> {
  let config
  try {
    config = loadConfig()
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message)
      process.exit(1)
    }
    throw error
  }

  let prepared
  try {
    prepared = await startServices(config)
  } catch (error) {
    if (error instanceof DataDirLockedError) {
      console.error(error.message)
      process.exit(1)
    }
    throw error
  }
  const { database, demoLogins, release, adminCreated } = prepared

  let webRoot: string | undefined
  try {
    webRoot = config.WEB_DIST ?? findUp('apps/web/dist/index.html').replace(/\/index\.html$/, '')
  } catch {
    webRoot = undefined
  }

  const app = await buildApp({
    config,
    database,
    webRoot,
    logger: loggerOptions(config.LOG_LEVEL),
  })

  // Sends the outbox (decision 008); one per process, safe beside others on one PostgreSQL.
  let dispatcher: Dispatcher | undefined

  let closing = false
  const shutdown = async (signal: string) => {
    if (closing) return
    closing = true
    app.log.info({ signal }, 'shutting down: finishing requests in flight')
    const force = setTimeout(() => {
      app.log.error('shutdown took longer than 10 s; exiting')
      process.exit(1)
    }, 10_000)
    force.unref()
    try {
      await app.close()
      await dispatcher?.stop()
      await database.close()
    } finally {
      release()
    }
    process.exit(0)
  }
  // `npm run backup` while the server runs: it names the file and signals; the embedded database
  // is dumped here, between two statements (decision 038).
  const pglite = database.pglite
  if (pglite) {
    process.on('SIGUSR2', () => {
      answerBackupRequest(pglite, config.dataDir).then(
        (file) => file && app.log.info({ file }, 'backup written'),
        (error: unknown) => app.log.error({ err: error }, 'backup failed'),
      )
    })
  }
  process.on('SIGINT', () => void shutdown('SIGINT'))
  process.on('SIGTERM', () => void shutdown('SIGTERM'))

  await app.listen({ port: config.PORT, host: config.HOST })
  if (config.NOTIFICATION_DISPATCHER) dispatcher = startNotificationDispatcher(config, database, app.log)
  const where = database.kind === 'pglite' ? `embedded PostgreSQL (PGlite) in ${config.dataDir}` : 'PostgreSQL'
  app.log.info(`TownWorks is up on http://localhost:${config.PORT} using ${where}`)
  // Dangerous but valid settings (the sandbox checkout in production): said loudly, after the banner.
  for (const warning of configWarnings(config)) app.log.warn(`WARNING: ${warning}`)
  if (adminCreated) app.log.info(`Created the admin ${config.ADMIN_USERNAME} from ADMIN_USERNAME`)
  if (demoLogins.length > 0) {
    // Printed once, when the demo data is created; the passwords are stored only as hashes.
    const lines = demoLogins.map((l) => `  ${l.role.padEnd(9)} ${l.username.padEnd(10)} ${l.password}`)
    const note = config.DEMO_PASSWORDS_ONE_TIME
      ? 'one-time passwords, shown only now: each login chooses a new password at its first sign-in'
      : 'shown only now — write them down'
    console.log(`\nDemo logins (${note}):\n${lines.join('\n')}\n`)
  }
}

main().catch((error: unknown) => {
  console.error('TownWorks could not start:', error)
  process.exit(1)
})
