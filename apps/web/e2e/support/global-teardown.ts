import { existsSync, readFileSync, rmSync } from 'node:fs'
import { DATA_DIR, PID_FILE } from './paths'

/** Stop the server gracefully and remove its data. */
export default async function globalTeardown(): Promise<void> {
  if (!existsSync(PID_FILE)) return
  const pid = Number(readFileSync(PID_FILE, 'utf8'))
  try {
    process.kill(pid, 'SIGTERM')
    for (let i = 0; i < 100; i++) {
      process.kill(pid, 0)
      await new Promise((r) => setTimeout(r, 100))
    }
  } catch {
    // gone
  }
  rmSync(PID_FILE, { force: true })
  rmSync(DATA_DIR, { recursive: true, force: true })
}
