import type { Database } from '../../db/client'
import * as repository from './notifications.repository'
import {
  ProviderError,
  type NotificationProvider,
  type OutgoingMessage,
  type ProviderLogger,
} from './providers/provider'

export interface DispatcherOptions {
  /** Messages taken per pass. */
  batchSize: number
  /** Messages of one pass sent at the same time. */
  concurrency: number
  /** How long a taken message is ours; after that another dispatcher may take it (we are presumed dead). */
  leaseMs: number
  /** Attempts before a message that keeps failing is given up as `failed`. */
  maxAttempts: number
  /** Wait after the first failed attempt; doubled after each further one, up to backoffMaxMs. */
  backoffBaseMs: number
  backoffMaxMs: number
  /** Pause between passes when there was nothing to send. */
  idleMs: number
  /** The clock (tests move it). */
  now: () => Date
}

export const DEFAULT_DISPATCHER_OPTIONS: DispatcherOptions = {
  batchSize: 20,
  concurrency: 4,
  leaseMs: 5 * 60_000,
  maxAttempts: 6,
  backoffBaseMs: 30_000,
  backoffMaxMs: 60 * 60_000,
  idleMs: 1_000,
  now: () => new Date(),
}

/** The wait before attempt `attempt + 1` after attempt `attempt` failed: base · 2^(attempt−1), capped. */
export function backoffMs(attempt: number, options: Pick<DispatcherOptions, 'backoffBaseMs' | 'backoffMaxMs'>): number {
  return Math.min(options.backoffBaseMs * 2 ** Math.max(0, attempt - 1), options.backoffMaxMs)
}

export interface Dispatcher {
  /** One pass: take the due messages, send them, record each outcome. Answers how many were taken. */
  runOnce(): Promise<number>
  /** Passes until nothing is due (at most `maxPasses`); answers how many messages were taken. */
  drain(maxPasses?: number): Promise<number>
  /** Run passes in the background until stopped. */
  start(): void
  /** Ask for a pass soon (a message was just queued). */
  wake(): void
  /** Stop taking messages and wait for the pass under way to record its outcomes. */
  stop(): Promise<void>
}

/**
 * The outbox dispatcher. Several may run against one PostgreSQL (one per API process): each pass
 * takes its messages with FOR UPDATE SKIP LOCKED and leases them, so none is sent by two.
 */
export function createDispatcher(deps: {
  database: Database
  provider: NotificationProvider
  log: ProviderLogger
  options?: Partial<DispatcherOptions>
}): Dispatcher {
  const options = { ...DEFAULT_DISPATCHER_OPTIONS, ...deps.options }
  const db = deps.database.db
  const { provider, log } = deps
  let running = false
  let stopped = false
  let loopDone: Promise<void> = Promise.resolve()
  let timer: NodeJS.Timeout | undefined
  let wakeUp: (() => void) | undefined

  const record = async (m: repository.ClaimedNotification, outcome: Parameters<typeof repository.finish>[3]) => {
    const held = await repository.finish(db, m.id, m.attempt, outcome)
    if (!held) log.warn({ notification: m.id }, 'notification outcome not recorded: another dispatcher took it over')
  }

  const deliver = async (m: repository.ClaimedNotification): Promise<void> => {
    const message: OutgoingMessage = {
      id: m.id,
      event: m.event,
      channel: m.channel,
      to: m.to,
      body: m.body,
      messageKey: m.messageKey,
      dltTemplateId: m.dltTemplateId,
      dltEntityId: m.dltEntityId,
      createdAt: m.createdAt,
    }
    try {
      if (await repository.isOptedOut(db, { userId: m.recipientUserId, to: m.to, channel: m.channel })) {
        await record(m, { state: 'failed', error: 'opted out' })
        return
      }
      if (m.recovered && provider.findSent) {
        // Its dispatcher died mid-send: if the provider has it already, record that instead of sending again.
        const candidates = await provider.findSent(message)
        const inUse = await repository.providerIdsInUse(db, candidates)
        const already = candidates.find((id) => !inUse.has(id))
        if (already) {
          await record(m, { state: 'sent', providerId: already, at: options.now() })
          return
        }
      }
      const { providerId } = await provider.send(message)
      await record(m, { state: 'sent', providerId, at: options.now() })
    } catch (error) {
      const failure =
        error instanceof ProviderError
          ? error
          : new ProviderError(error instanceof Error ? error.message : String(error), false)
      if (failure.permanent) {
        await record(m, { state: 'failed', error: failure.message })
      } else if (m.attempt >= options.maxAttempts) {
        await record(m, { state: 'failed', error: `${failure.message} (gave up after ${m.attempt} attempts)` })
      } else {
        const wait = Math.max(backoffMs(m.attempt, options), failure.extra.retryAfterMs ?? 0)
        await record(m, {
          state: 'queued',
          error: failure.message,
          nextAttemptAt: new Date(options.now().getTime() + wait),
        })
      }
      log.warn({ notification: m.id, attempt: m.attempt, error: failure.message }, 'notification not sent')
    }
  }

  const runOnce = async (): Promise<number> => {
    const now = options.now()
    const claimed = await repository.claimDue(db, {
      now,
      leaseUntil: new Date(now.getTime() + options.leaseMs),
      limit: options.batchSize,
    })
    // A few at a time: the provider's rate limits, and one slow answer does not hold up the rest.
    let next = 0
    const worker = async () => {
      while (next < claimed.length) {
        const m = claimed[next++]!
        await deliver(m)
      }
    }
    await Promise.all(Array.from({ length: Math.min(options.concurrency, claimed.length) }, worker))
    return claimed.length
  }

  const loop = async () => {
    while (!stopped) {
      let taken = 0
      await runOnce().then(
        (n) => (taken = n),
        (error: unknown) => log.error({ err: error }, 'notification dispatch pass failed'),
      )
      if (stopped) break
      if (taken < options.batchSize) {
        await new Promise<void>((resolve) => {
          wakeUp = resolve
          timer = setTimeout(resolve, options.idleMs)
        })
        wakeUp = undefined
      }
    }
  }

  return {
    runOnce,
    async drain(maxPasses = 1_000) {
      let total = 0
      for (let pass = 0; pass < maxPasses; pass++) {
        const n = await runOnce()
        total += n
        if (n === 0) break
      }
      return total
    },
    start() {
      if (running) return
      running = true
      stopped = false
      loopDone = loop()
    },
    wake() {
      if (timer) clearTimeout(timer)
      wakeUp?.()
    },
    async stop() {
      stopped = true
      if (timer) clearTimeout(timer)
      wakeUp?.()
      await loopDone
      running = false
    },
  }
}
