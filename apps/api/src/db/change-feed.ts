import pg from 'pg'
import type { Database } from './client'

/** The channel migration 0006's triggers announce changed tables on (payload: the table's name). */
export const CHANGES_CHANNEL = 'townworks_changes'

export type ChangeListener = (table: string | '*') => void

/**
 * Which tables changed, as PostgreSQL announces them (decision 014). Readers that cache must ask
 * `live` first: while the feed is not listening (starting, or its connection was lost) nothing may be
 * cached, because a change could pass unheard. `'*'` means "anything may have changed": sent when
 * the feed (re)connects and when this process itself wrote (`touchAll`).
 */
export interface ChangeFeed {
  readonly live: boolean
  /** Begin listening (the app calls it when it is ready). */
  start(): Promise<void>
  subscribe(listener: ChangeListener): () => void
  /** This process changed data: drop every cached read now, before the database's notice arrives. */
  touchAll(): void
  close(): Promise<void>
}

interface FeedOptions {
  /** First reconnect delay; doubles up to 30 s. */
  retryMs?: number
  onError?: (error: unknown) => void
}

/**
 * Listen on the database the app uses: a dedicated connection on PostgreSQL, the embedded client on PGlite.
 * Long as a whole on purpose: a factory whose short inner functions share the connection and its state.
 */
export function createChangeFeed(database: Database, options: FeedOptions = {}): ChangeFeed {
  const listeners = new Set<ChangeListener>()
  const emit = (table: string | '*') => {
    for (const listener of listeners) listener(table)
  }
  let live = false
  let closed = false
  let stop: () => Promise<void> = async () => undefined

  const start = async () => {
    if (database.pglite) {
      // One in-process database: notices arrive on the same client the app queries.
      const unlisten = await database.pglite.listen(CHANGES_CHANNEL, (payload) => emit(payload))
      live = true
      stop = async () => {
        await unlisten().catch(() => undefined)
      }
    } else if (database.pool) {
      const connection = database.pool.options
      let client: pg.Client | undefined
      let timer: NodeJS.Timeout | undefined
      let delay = options.retryMs ?? 500
      const connect = async () => {
        timer = undefined
        if (closed) return
        const next = new pg.Client({ ...connection, application_name: 'townworks-change-feed' })
        const lost = (error?: unknown) => {
          if (client !== next) return
          client = undefined
          live = false
          if (error) options.onError?.(error)
          next.removeAllListeners()
          next.on('error', () => undefined)
          void next.end().catch(() => undefined)
          if (!closed) timer = setTimeout(() => void connect(), delay)
          delay = Math.min(delay * 2, 30_000)
        }
        client = next
        next.on('error', lost)
        next.on('end', () => lost(new Error('change feed connection ended')))
        next.on('notification', (message) => {
          if (message.channel === CHANGES_CHANNEL) emit(message.payload ?? '*')
        })
        try {
          await next.connect()
          await next.query(`LISTEN ${CHANGES_CHANNEL}`)
          if (client !== next) return
          live = true
          delay = options.retryMs ?? 500
          // Whatever changed while nobody listened is unknown: start over.
          emit('*')
        } catch (error) {
          lost(error)
        }
      }
      await connect()
      stop = async () => {
        if (timer) clearTimeout(timer)
        const current = client
        client = undefined
        live = false
        if (current) {
          current.removeAllListeners()
          current.on('error', () => undefined)
          await current.end().catch(() => undefined)
        }
      }
    }
  }

  return {
    get live() {
      return live && !closed
    },
    start,
    subscribe(listener) {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
    touchAll() {
      emit('*')
    },
    async close() {
      if (closed) return
      closed = true
      await stop()
      listeners.clear()
    },
  }
}

/** A feed that never listens: every cached read goes to the database (READ_CACHE=0, and tests). */
export function silentChangeFeed(): ChangeFeed {
  return {
    live: false,
    start: async () => undefined,
    subscribe: () => () => undefined,
    touchAll: () => undefined,
    close: async () => undefined,
  }
}
