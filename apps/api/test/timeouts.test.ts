import net from 'node:net'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, type TestApp } from './test-app'

/** Send headers, then dribble the body a byte at a time; resolve with what the server sent once it closes. */
function dribble(
  port: number,
  opts: { everyMs: number; giveUpMs: number },
): Promise<{ closedByServer: boolean; answer: string; bytesSent: number }> {
  return new Promise((resolve, reject) => {
    const socket = net.connect({ port, host: '127.0.0.1' })
    let answer = ''
    let bytesSent = 0
    let timer: NodeJS.Timeout | undefined
    const body = JSON.stringify({ user: 'someone', pwd: 'x'.repeat(200) })
    const giveUp = setTimeout(() => {
      clearInterval(timer)
      socket.destroy()
      resolve({ closedByServer: false, answer, bytesSent })
    }, opts.giveUpMs)
    socket.on('connect', () => {
      socket.write(
        `POST /api/login HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n`,
      )
      timer = setInterval(() => {
        if (bytesSent < body.length && !socket.destroyed) socket.write(body[bytesSent++]!)
      }, opts.everyMs)
    })
    socket.on('data', (chunk) => (answer += chunk.toString()))
    socket.on('error', () => undefined)
    socket.on('close', () => {
      clearInterval(timer)
      clearTimeout(giveUp)
      resolve({ closedByServer: true, answer, bytesSent })
    })
    socket.on('timeout', () => reject(new Error('socket timeout')))
  })
}

describe('slow clients cannot hold a connection', () => {
  let t: TestApp
  let port: number
  beforeAll(async () => {
    t = await createTestApp({ REQUEST_TIMEOUT_MS: '1000' })
    await t.app.listen({ port: 0, host: '127.0.0.1' })
    port = (t.app.server.address() as AddressInfo).port
  })
  afterAll(() => t.close())

  it('a body dribbled a byte at a time is cut off with 408 once REQUEST_TIMEOUT_MS has passed, unfinished', async () => {
    // 220 bytes at one every 100 ms would take 22 s; the limit is 1 s.
    const result = await dribble(port, { everyMs: 100, giveUpMs: 15_000 })
    expect(result.closedByServer).toBe(true)
    expect(result.answer).toMatch(/^HTTP\/1\.1 408/)
    expect(result.bytesSent).toBeLessThan(200)
  })

  it('the server takes normal requests on the same settings', async () => {
    const res = await fetch(`http://127.0.0.1:${port}/healthz`)
    expect(res.status).toBe(200)
  })
})
