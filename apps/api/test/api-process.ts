import { spawn } from 'node:child_process'
import net from 'node:net'
import path from 'node:path'
import { setTimeout as sleep } from 'node:timers/promises'

const ROOT = path.resolve(import.meta.dirname, '../../..')

export interface ApiProcess {
  base: string
  /** What the process printed (its log lines), for a failure message. */
  output: string[]
  stop(): Promise<void>
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer()
    server.once('error', reject)
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo
      server.close(() => resolve(port))
    })
  })
}

/**
 * A real API process (apps/api/src/server.ts through tsx, as `npm run dev` starts it) on a free
 * port of 127.0.0.1, its own connection pool and change feed; resolves once /readyz answers 200.
 */
export async function startApiProcess(env: Record<string, string>, timeoutMs = 90_000): Promise<ApiProcess> {
  const port = await freePort()
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/api/src/server.ts'], {
    cwd: ROOT,
    env: {
      ...process.env,
      NODE_ENV: 'test',
      LOG_LEVEL: 'warn',
      DEMO_DATA: '0',
      NOTIFICATION_DISPATCHER: '0',
      NOTIFICATION_PROVIDER: 'log',
      ...env,
      PORT: String(port),
      HOST: '127.0.0.1',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  const output: string[] = []
  const take = (chunk: Buffer) => output.push(...chunk.toString().split('\n').filter(Boolean))
  child.stdout.on('data', take)
  child.stderr.on('data', take)
  let exited: number | null = null
  const done = new Promise<void>((resolve) =>
    child.once('exit', (code) => {
      exited = code ?? -1
      resolve()
    }),
  )
  const base = `http://127.0.0.1:${port}`
  const stop = async () => {
    if (exited !== null) return
    child.kill('SIGTERM')
    await Promise.race([done, sleep(15_000)])
    if (exited === null) {
      child.kill('SIGKILL')
      await done
    }
  }
  const deadline = Date.now() + timeoutMs
  for (;;) {
    if (exited !== null) throw new Error(`the API process exited (${exited}):\n${output.slice(-30).join('\n')}`)
    if (Date.now() > deadline) {
      await stop()
      throw new Error(`the API process did not start in ${timeoutMs} ms:\n${output.slice(-30).join('\n')}`)
    }
    const ready = await fetch(`${base}/readyz`)
      .then((r) => r.ok)
      .catch(() => false)
    if (ready) break
    await sleep(200)
  }
  return { base, output, stop }
}
