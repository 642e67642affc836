import type { Config } from './config/config'
import { seedDemoData, type DemoLogin } from './db/seed/demo'
import { prepareDatabase, type PreparedDatabase } from './db/setup'
import { ensureAdmin } from './modules/auth/auth.service'

export interface Started extends Omit<PreparedDatabase, 'isNew'> {
  /** Logins created by the demo seed, with their generated passwords (one-time unless DEMO_PASSWORDS_ONE_TIME=0). */
  demoLogins: DemoLogin[]
  adminCreated: boolean
}

/**
 * Everything the process needs before it serves: the database (migrated), the configured admin
 * when none exists, and demo data when asked — by default for a brand-new embedded database.
 */
export async function startServices(config: Config): Promise<Started> {
  const { database, isNew, release } = await prepareDatabase(config)
  try {
    let adminCreated = false
    if (config.ADMIN_USERNAME && config.ADMIN_PASSWORD) {
      adminCreated = (await ensureAdmin(database.db, config.ADMIN_USERNAME, config.ADMIN_PASSWORD)) === 'created'
    }
    const wantDemo = config.DEMO_DATA ?? (database.kind === 'pglite' && isNew)
    const demoLogins = wantDemo
      ? await seedDemoData(database.db, {
          commissionBps: config.PLATFORM_COMMISSION_BPS,
          oneTimePasswords: config.DEMO_PASSWORDS_ONE_TIME,
        })
      : []
    return { database, release, demoLogins, adminCreated }
  } catch (error) {
    await database.close().catch(() => undefined)
    release()
    throw error
  }
}
