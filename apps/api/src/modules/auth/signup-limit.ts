import type { Db } from '../../db/client'
import { consume, tooManyAttempts, waitText } from '../rate-limits/rate-limits.service'

/** The window of the sign-up limit (SIGNUP_PER_ADDRESS_HOURLY sign-ups per address in it). */
export const SIGNUP_WINDOW_MS = 60 * 60 * 1000

export interface SignupLimit {
  /** The client address Fastify computed (req.ip). */
  address: string
  /** Sign-ups allowed from it per hour. */
  perHour: number
}

/**
 * Count one sign-up attempt from this address, in the database so every API process shares the
 * count, and refuse it with 429 once the hour's allowance is used. Counted before the password is
 * hashed: a refused attempt costs one statement, not a 32 MiB hash.
 */
export async function assertSignupAllowed(db: Db, limit: SignupLimit): Promise<void> {
  const counted = await consume(db, { key: `signup|${limit.address}`, max: limit.perHour, windowMs: SIGNUP_WINDOW_MS })
  if (!counted.allowed) {
    throw tooManyAttempts(
      `Too many sign-ups from your address. Please try again in ${waitText(counted.retryAfterSeconds)}.`,
      counted.retryAfterSeconds,
    )
  }
}
