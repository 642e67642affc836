import path from 'node:path'

export const REPO_ROOT = path.resolve(import.meta.dirname, '../../../..')
// Per port, so that two runs on one machine never share a server or its data.
const run = process.env.E2E_PORT ?? 'default'
export const DATA_DIR = path.join(REPO_ROOT, `.data-test/e2e-${run}`)
export const LOGINS_FILE = path.join(REPO_ROOT, `test-results/.e2e-logins-${run}.json`)
/** The test server's phone: every message its log provider sends, one JSON line each (codes included). */
export const SMS_FILE = path.join(REPO_ROOT, `test-results/.e2e-sms-${run}.jsonl`)
export const PID_FILE = path.join(REPO_ROOT, `test-results/.e2e-server-${run}.pid`)

export interface Login {
  username: string
  password: string
}
export type DemoLogins = Partial<Record<'admin' | 'operator' | 'customer' | 'worker', Login[]>>
