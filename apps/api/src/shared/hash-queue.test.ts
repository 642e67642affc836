import { describe, expect, it } from 'vitest'
import { AppError } from './app-error'
import { createHashQueue, HASH_QUEUE_RETRY_AFTER_SECONDS } from './hash-queue'
import { hashPassword, passwordHashing, verifyPassword } from './password'

/** A promise and the function that settles it. */
function gate() {
  let open!: () => void
  const opened = new Promise<void>((resolve) => (open = resolve))
  return { open, opened }
}

const settled = <T>(p: Promise<T>) =>
  p.then(
    (value) => ({ ok: true as const, value }),
    (error: unknown) => ({ ok: false as const, error }),
  )

describe('the password hashing queue', () => {
  it('never runs more than its concurrency at once, and runs every task', async () => {
    const queue = createHashQueue({ concurrency: 3, maxWaiting: 100 })
    let now = 0
    let most = 0
    const results = await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        queue.run(i % 2 ? 'verify' : 'hash', async () => {
          most = Math.max(most, ++now)
          for (let k = 0; k < 3; k++) await new Promise((r) => setImmediate(r))
          now--
          return i
        }),
      ),
    )
    expect(results).toEqual(Array.from({ length: 40 }, (_, i) => i))
    expect(most).toBe(3)
    expect(queue.stats()).toMatchObject({ running: 0, peakRunning: 3, waiting: { verify: 0, hash: 0 }, refused: 0 })
  })

  it('answers 503 with Retry-After at once to waiters beyond the line, instead of holding them', async () => {
    const queue = createHashQueue({ concurrency: 2, maxWaiting: 4 })
    const g = gate()
    let started = 0
    const runs = Array.from({ length: 10 }, () =>
      settled(
        queue.run('hash', async () => {
          started++
          await g.opened
          return 'done'
        }),
      ),
    )
    await new Promise((r) => setImmediate(r))
    expect(started).toBe(2)
    expect(queue.stats()).toMatchObject({ running: 2, waiting: { hash: 4, verify: 0 }, refused: 4 })
    g.open()
    const outcomes = await Promise.all(runs)
    expect(outcomes.filter((o) => o.ok)).toHaveLength(6)
    const refused = outcomes.filter((o) => !o.ok).map((o) => (o as { error: unknown }).error)
    expect(refused).toHaveLength(4)
    for (const error of refused) {
      expect(error).toBeInstanceOf(AppError)
      expect((error as AppError).statusCode).toBe(503)
      expect((error as AppError).extra.headers).toEqual({ 'retry-after': String(HASH_QUEUE_RETRY_AFTER_SECONDS) })
    }
    expect(started).toBe(6)
  })

  it('a login (verify) waiting behind a line of sign-up hashes goes first; each lane has its own line', async () => {
    const queue = createHashQueue({ concurrency: 1, maxWaiting: 3 })
    const order: string[] = []
    const gates = Array.from({ length: 4 }, gate)
    const hashes = gates.map((g, i) =>
      queue.run('hash', async () => {
        order.push(`hash${i}`)
        await g.opened
      }),
    )
    // The hash line is full (1 running, 3 waiting): one more sign-up is refused …
    await expect(queue.run('hash', async () => undefined)).rejects.toMatchObject({ code: 'SERVICE_UNAVAILABLE' })
    // … but a login still gets in line, and is next.
    const login = queue.run('verify', async () => {
      order.push('verify')
    })
    gates[0]!.open()
    await login
    expect(order).toEqual(['hash0', 'verify', 'hash1'])
    for (const g of gates) g.open()
    await Promise.all(hashes)
    expect(order).toEqual(['hash0', 'verify', 'hash1', 'hash2', 'hash3'])
  })

  it('real scrypt hashes go through the process queue: at most PASSWORD_HASH_CONCURRENCY at once', async () => {
    passwordHashing.configure({ concurrency: 2, maxWaiting: 32 })
    const before = passwordHashing.stats().peakRunning
    const hashes = await Promise.all(Array.from({ length: 6 }, (_, i) => hashPassword(`password-${i}`)))
    expect(await verifyPassword('password-3', hashes[3]!)).toBe(true)
    expect(passwordHashing.stats().peakRunning).toBe(Math.max(before, 2))
    expect(passwordHashing.stats().running).toBe(0)
  })
})
