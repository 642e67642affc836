import { vi } from 'vitest'
import type { NotificationProvider, OutgoingMessage } from '../src/modules/notifications/notifications.service'
import type { TestApp } from './test-app'

/**
 * A provider that keeps what it was asked to send: the test's phone. `codeFor(phone)` waits for the
 * newest code sent to a number (codes go out just after the answer, not before it).
 */
export function capturingProvider() {
  const sent: OutgoingMessage[] = []
  const provider: NotificationProvider = {
    name: 'log',
    async send(message) {
      sent.push(message)
      return { providerId: `test-${message.id}` }
    },
  }
  async function codeFor(phone: string, count?: number): Promise<string> {
    const e164 = `+91${phone.replace(/\D/g, '').slice(-10)}`
    const mine = () => sent.filter((m) => m.to === e164)
    await vi.waitFor(() => {
      if (mine().length === 0 || (count !== undefined && mine().length < count)) throw new Error(`no code to ${e164}`)
    })
    const last = mine().at(-1)!
    return last.secret!
  }
  return { provider, sent, codeFor }
}

/** A clock a test moves by hand. */
export function testClock(start = new Date()) {
  let now = start.getTime()
  return {
    now: () => new Date(now),
    advance(ms: number) {
      now += ms
    },
  }
}

let address = 0
/** A client address of its own, so per-address limits never answer for another test. */
export const freshAddress = () => `10.77.${Math.floor(++address / 250) % 250}.${address % 250}`

let phoneCounter = 0
/** A number no other test of the file uses: 7 and nine digits. */
export const freshPhone = () => `7${String(100_000_000 + ((++phoneCounter * 7919) % 899_999_999)).slice(0, 9)}`

export function post(
  t: TestApp,
  url: string,
  payload: object,
  opts: { ip?: string; headers?: Record<string, string> } = {},
) {
  return t.app.inject({
    method: 'POST',
    url,
    payload,
    remoteAddress: opts.ip ?? freshAddress(),
    headers: opts.headers ?? {},
  })
}
