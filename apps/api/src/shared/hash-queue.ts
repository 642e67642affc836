import { AppError } from './app-error'

/**
 * Which line a hash waits in. `verify` (a login checking a password) goes before `hash` (a sign-up
 * or any new password): a flood of sign-ups can hold up a login by one hash at most, never starve it.
 */
export type HashLane = 'verify' | 'hash'

export interface HashQueueOptions {
  /** Hashes computed at the same time. */
  concurrency: number
  /** Hashes allowed to wait for a turn, in each lane; one more is refused with 503. */
  maxWaiting: number
}

export interface HashQueueStats {
  running: number
  waiting: Record<HashLane, number>
  /** The most that ever ran at once (for tests and the log). */
  peakRunning: number
  /** Hashes refused because their line was full. */
  refused: number
}

export interface HashQueue {
  /** Run `task` when a slot is free; throws a 503 AppError at once when the lane's line is full. */
  run<T>(lane: HashLane, task: () => Promise<T>): Promise<T>
  /** Change the limits (at start, from the configuration); what waits keeps its place. */
  configure(options: HashQueueOptions): void
  stats(): HashQueueStats
}

/** Seconds a refused caller is told to wait: a line drains in well under that. */
export const HASH_QUEUE_RETRY_AFTER_SECONDS = 2

/**
 * A small semaphore with a bounded, prioritised waiting line for memory-hard password hashes
 * (scrypt, 32 MiB each, issue #15). A burst beyond the line is answered 503 with Retry-After at
 * once instead of piling up memory and delaying everyone's login.
 */
export function createHashQueue(initial: HashQueueOptions): HashQueue {
  let options = { ...initial }
  let running = 0
  let peakRunning = 0
  let refused = 0
  const lines: Record<HashLane, (() => void)[]> = { verify: [], hash: [] }

  const startNext = () => {
    while (running < options.concurrency) {
      const start = lines.verify.shift() ?? lines.hash.shift()
      if (!start) return
      running++
      peakRunning = Math.max(peakRunning, running)
      start()
    }
  }

  return {
    async run<T>(lane: HashLane, task: () => Promise<T>): Promise<T> {
      const waiting = lines.verify.length + lines.hash.length
      if (running < options.concurrency && waiting === 0) {
        running++
        peakRunning = Math.max(peakRunning, running)
      } else {
        if (lines[lane].length >= options.maxWaiting) {
          refused++
          throw new AppError('SERVICE_UNAVAILABLE', 'The server is busy. Please try again in a moment.', {
            headers: { 'retry-after': String(HASH_QUEUE_RETRY_AFTER_SECONDS) },
          })
        }
        // startNext counts this one as running before it resolves.
        await new Promise<void>((resolve) => lines[lane].push(resolve))
      }
      try {
        return await task()
      } finally {
        running--
        startNext()
      }
    },
    configure(next) {
      options = { ...next }
      startNext()
    },
    stats: () => ({
      running,
      waiting: { verify: lines.verify.length, hash: lines.hash.length },
      peakRunning,
      refused,
    }),
  }
}
