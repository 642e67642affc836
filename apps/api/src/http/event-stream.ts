import { PassThrough } from 'node:stream'
import type { FastifyReply } from 'fastify'

/** One open text/event-stream answer (decision 053). */
export interface EventStream {
  /** Send one event: `event: <name>` and its data as JSON. */
  send(event: string, data: unknown): void
  /** End the answer (the client's EventSource reconnects by itself unless the server is closing). */
  close(): void
}

export interface EventStreamOptions {
  /** A comment line this often, so proxies and the server's idle time-out keep the connection. */
  heartbeatMs: number
  /** The answer ends after this long: the client reconnects, and its session is checked again. */
  maxAgeMs: number
  /** How long the client's EventSource waits before reconnecting, in ms (the stream's `retry:`). */
  retryMs: number
  /** Called once when the stream ends, whoever ended it. */
  onClose: () => void
}

/**
 * Answer a request with a server-sent event stream: the headers, then a PassThrough the route hands
 * to Fastify as its answer (sent as it is, like a CSV file; @fastify/compress leaves
 * text/event-stream alone, so every event leaves at once). Ends on `close()`, after `maxAgeMs`, or
 * when the client goes away.
 */
export function openEventStream(
  reply: FastifyReply,
  options: EventStreamOptions,
): { stream: EventStream; body: PassThrough } {
  const body = new PassThrough()
  void reply
    .type('text/event-stream; charset=utf-8')
    .header('cache-control', 'no-store')
    // nginx and similar proxies would otherwise hold events back in a buffer.
    .header('x-accel-buffering', 'no')
  let ended = false
  const heartbeat = setInterval(() => write(': keep-alive\n\n'), options.heartbeatMs)
  const maxAge = setTimeout(() => close(), options.maxAgeMs)
  heartbeat.unref()
  maxAge.unref()
  function write(chunk: string) {
    if (!ended) body.write(chunk)
  }
  function close() {
    if (ended) return
    ended = true
    clearInterval(heartbeat)
    clearTimeout(maxAge)
    body.end()
    options.onClose()
  }
  // The client went away (a closed tab, a lost network): stop writing to it. The answer's 'close', not
  // the request's: a request 'closes' as soon as its (empty) body has been read.
  reply.raw.once('close', close)
  body.once('error', close)
  write(`retry: ${options.retryMs}\n\n`)
  return {
    body,
    stream: {
      send: (event, data) => write(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`),
      close,
    },
  }
}
