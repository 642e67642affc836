import type { Ctx } from '../../../shared/context'
import * as rateLimits from '../../rate-limits/rate-limits.service'

/** Fresh prints a person may ask for, per kind of document: each takes a browser half a second. */
export const PRINT_LIMIT = { max: 30, windowMs: 10 * 60 * 1000 }

/**
 * Documents printed lately, by a key of their own (a document and its language): a receipt or a quote
 * never changes once issued or sent, so it is sent again from memory, without counting against the
 * person's limit. A fresh print counts (`limitKey`, in the database, so the limit holds across API
 * processes); past the limit, 429 with Retry-After.
 */
export function printedDocuments(size: number, limitKey: string) {
  const cache = new Map<string, Buffer>()
  return {
    async printOnce(ctx: Ctx, key: string, print: () => Promise<Buffer>): Promise<Buffer> {
      const cached = cache.get(key)
      if (cached) {
        cache.delete(key)
        cache.set(key, cached)
        return cached
      }
      const consumed = await rateLimits.consume(ctx.database.db, { key: `${limitKey}|${ctx.user!.id}`, ...PRINT_LIMIT })
      if (!consumed.allowed) {
        throw rateLimits.tooManyAttempts(
          `Too many documents made at once. Please try again in ${rateLimits.waitText(consumed.retryAfterSeconds)}.`,
          consumed.retryAfterSeconds,
        )
      }
      const bytes = await print()
      cache.set(key, bytes)
      if (cache.size > size) cache.delete(cache.keys().next().value!)
      return bytes
    },
    /** Empties the cache (tests that print the same document twice). */
    forget(): void {
      cache.clear()
    },
  }
}
