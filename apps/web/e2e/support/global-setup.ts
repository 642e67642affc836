import { spawn } from 'node:child_process'
import { mkdirSync, rmSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { E2E_PORT } from '../../playwright.config'
import { DATA_DIR, LOGINS_FILE, PID_FILE, REPO_ROOT, SMS_FILE, type DemoLogins } from './paths'

/**
 * Start the built server once for every journey, on a fresh embedded database with demo data,
 * and keep the demo logins it prints (as a person starting it would read them).
 */
export default async function globalSetup(): Promise<void> {
  rmSync(DATA_DIR, { recursive: true, force: true })
  rmSync(SMS_FILE, { force: true })
  mkdirSync(path.dirname(LOGINS_FILE), { recursive: true })
  // E2E_FROM_SOURCE=1 runs the API from its TypeScript source (no API build needed while developing).
  const entry = process.env.E2E_FROM_SOURCE
    ? ['--import', 'tsx', 'apps/api/src/server.ts']
    : ['apps/api/dist/server.js']
  const server = spawn(process.execPath, entry, {
    cwd: REPO_ROOT,
    env: {
      ...process.env,
      PORT: String(E2E_PORT),
      HOST: '127.0.0.1',
      DATA_DIR,
      DEMO_DATA: '1',
      // The journeys log in with the printed demo passwords again and again (loginByApi, the UI
      // login journeys): keep them usable. The one-time flow has its API and component tests.
      DEMO_PASSWORDS_ONE_TIME: '0',
      LOG_LEVEL: 'warn',
      SESSION_SECRET: 'e2e-session-secret-e2e-session-secret',
      NODE_ENV: 'production',
      // The journeys pay through the sandbox checkout, which production keeps off unless asked.
      PAYMENTS_SANDBOX: '1',
      // Every journey comes from one address (127.0.0.1); the per-address sign-up limit is
      // proved by the API tests, not by how many accounts the journeys happen to make.
      SIGNUP_PER_ADDRESS_HOURLY: '1000',
      // The same for new service requests (30 per 10 minutes by default): a run makes about 25,
      // and the journeys of the next issues make more; the limit has its own API tests.
      SERVICE_REQUEST_RATE_LIMIT: '10000',
      // The journeys' phone (issue 19): the log provider appends every message, codes as they
      // are, to this file; a journey reads its code from it (support/phone.ts). Production masks
      // codes in the log; only this test server shows them. Codes from one address: the per-address
      // limit has its own API tests.
      NOTIFICATION_LOG_FILE: SMS_FILE,
      NOTIFICATION_LOG_CODES: '1',
      OTP_PER_ADDRESS_HOURLY: '10000',
      OTP_HOURLY_BUDGET: '10000',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: false,
  })
  writeFileSync(PID_FILE, String(server.pid))
  let output = ''
  server.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()))
  server.stderr.on('data', (chunk: Buffer) => process.stderr.write(chunk))
  const exited = new Promise<never>((_, reject) =>
    server.on('exit', (code) => reject(new Error(`The server exited with ${code} before it was ready:\n${output}`))),
  )
  // Only stops a server that hangs: under heavy load (the proof runs of issue 25 at load 20) a
  // fresh database with demo data took longer than 90 s to answer /readyz.
  const deadline = Date.now() + 300_000
  const ready = (async () => {
    for (;;) {
      if (Date.now() > deadline) throw new Error(`The server did not become ready:\n${output}`)
      try {
        const res = await fetch(`http://127.0.0.1:${E2E_PORT}/readyz`)
        if (res.ok && output.includes('Demo logins')) return
      } catch {
        // not listening yet
      }
      await new Promise((r) => setTimeout(r, 250))
    }
  })()
  await Promise.race([ready, exited])
  server.unref()
  server.stdout.removeAllListeners('data')
  server.stdout.resume()
  const logins: DemoLogins = {}
  for (const match of output.matchAll(/^\s+(admin|operator|customer|worker)\s+(\S+)\s+(\S+)\s*$/gm)) {
    const [, role, username, password] = match
    ;(logins[role as keyof DemoLogins] ??= []).push({ username: username!, password: password! })
  }
  if (!logins.admin || !logins.operator || !logins.customer || !logins.worker) {
    throw new Error(`The demo logins were not printed as expected:\n${output}`)
  }
  writeFileSync(LOGINS_FILE, JSON.stringify(logins, null, 2))
}
