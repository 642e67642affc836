import type { Channel } from '@townworks/contract'
import type { Database } from '../../db/client'
import { notificationsDispatched } from '../../shared/metrics'
import * as rateLimits from '../rate-limits/rate-limits.service'
import * as repository from './notifications.repository'
import {
  ProviderError,
  type NotificationProvider,
  type OutgoingMessage,
  type ProviderLogger,
} from './providers/provider'

export const HOUR_MS = 60 * 60 * 1000

/**
 * Limits against SMS pumping (issue #15), counted in the database so every dispatcher on one
 * PostgreSQL shares them. Checked on a message's first dispatch only: a retry after a passing
 * failure was counted already, and an operator's resend from the outbox is deliberate.
 */
export interface DispatchLimits {
  /** Messages of RECIPIENT_LIMITED_EVENTS sent to one number in an hour; more are `suppressed`. */
  perRecipientHourly: number
  /** Messages sent per channel in an hour by all dispatchers together; more are `held`. */
  hourlyBudget: Record<Channel, number>
}

/**
 * The messages anyone can cause to any number they type: a visitor's service request answers the
 * phone it names. Messages of a task's steps follow a person's action on a real task (a customer's
 * ordinary day can bring ten in an hour) and are not limited per number; the budget covers them all.
 */
export const RECIPIENT_LIMITED_EVENTS: ReadonlySet<string> = new Set(['request_received'])

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
  /** null: nothing is counted (tests of delivery alone); the server's dispatcher has the configured limits. */
  limits: DispatchLimits | null
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
  limits: null,
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
 * Long as a whole on purpose: a factory whose short inner functions share the timer and lease state.
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

  /** Why a message on its first dispatch may not go now, or undefined when it may (and is counted). */
  const overLimit = async (
    m: repository.ClaimedNotification,
    limits: DispatchLimits,
  ): Promise<{ state: 'held' | 'suppressed'; error: string } | undefined> => {
    const recipientKey = RECIPIENT_LIMITED_EVENTS.has(m.event) ? `notify-recipient|${m.to}` : undefined
    if (recipientKey) {
      const max = limits.perRecipientHourly
      const counted = await rateLimits.consume(db, { key: recipientKey, max, windowMs: HOUR_MS })
      if (!counted.allowed) {
        if (counted.hits === max + 1) {
          log.warn(
            { notification: m.id, to: m.to, event: m.event, limit: max },
            'notification suppressed: this number already had its automatic messages for the hour (possible SMS pumping); more to it this hour are suppressed too',
          )
        }
        return {
          state: 'suppressed',
          error: `not sent: ${m.to} already had ${max} automatic messages this hour (NOTIFY_PER_RECIPIENT_HOURLY)`,
        }
      }
    }
    const budget = limits.hourlyBudget[m.channel]
    const spent = await rateLimits.consume(db, { key: `notify-budget|${m.channel}`, max: budget, windowMs: HOUR_MS })
    if (!spent.allowed) {
      // Not sent after all: it does not use up the number's share.
      if (recipientKey) await rateLimits.giveBack(db, recipientKey)
      if (spent.hits === budget + 1) {
        log.warn(
          { notification: m.id, channel: m.channel, budget, retryAfterSeconds: spent.retryAfterSeconds },
          `notification held: the hourly ${m.channel} budget of ${budget} messages is used up; further messages this hour are held in the outbox until an operator sends them again`,
        )
      }
      return {
        state: 'held',
        error: `held: the hourly ${m.channel} budget of ${budget} messages was used up (NOTIFY_HOURLY_BUDGET_${m.channel.toUpperCase()}); send it again from the outbox`,
      }
    }
    return undefined
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
      if (m.event === 'login_code') {
        // Its sender died before recording the outcome; the text here has the code masked, and a
        // code is sent once, at once: the person asks for a new one.
        await record(m, { state: 'failed', error: 'a sign-in code is sent once, at once, never again' })
        return
      }
      if (await repository.isOptedOut(db, { userId: m.recipientUserId, to: m.to, channel: m.channel })) {
        await record(m, { state: 'failed', error: 'opted out' })
        return
      }
      if (options.limits && m.attempt === 1) {
        const refused = await overLimit(m, options.limits)
        if (refused) {
          await record(m, refused)
          return
        }
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
      notificationsDispatched.inc({ provider: provider.name, channel: m.channel, outcome: 'sent' })
      await record(m, { state: 'sent', providerId, at: options.now() })
    } catch (error) {
      const failure =
        error instanceof ProviderError
          ? error
          : new ProviderError(error instanceof Error ? error.message : String(error), false)
      const gaveUp = failure.permanent || m.attempt >= options.maxAttempts
      notificationsDispatched.inc({ provider: provider.name, channel: m.channel, outcome: gaveUp ? 'failed' : 'retry' })
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
