import { createHash, createHmac, randomBytes, randomInt, randomUUID, timingSafeEqual } from 'node:crypto'
import { OTP_CODE_LENGTH } from '@townworks/contract'

/**
 * The secrets of one-time codes (issue 19). A code is 6 digits from the operating system's
 * cryptographic source; the database keeps only an HMAC-SHA256 of it, keyed with a key derived from
 * the server's secret and bound to its challenge, so a copy of the table does not give the codes
 * (a million candidates are nothing to hash, but not without the key), and a code of one challenge
 * is worth nothing on another.
 */
export interface CodeHasher {
  hash(challengeId: string, purpose: string, secret: string): string
  matches(challengeId: string, purpose: string, secret: string, stored: string | null): boolean
}

export function createCodeHasher(serverSecret: string): CodeHasher {
  const key = createHash('sha256').update(`townworks-otp:${serverSecret}`).digest()
  const hash = (challengeId: string, purpose: string, secret: string) =>
    createHmac('sha256', key).update(`${challengeId}|${purpose}|${secret}`).digest('base64url')
  return {
    hash,
    matches(challengeId, purpose, secret, stored) {
      // Computed even without a stored hash, so a challenge that cannot succeed costs the same.
      const candidate = Buffer.from(hash(challengeId, purpose, secret))
      const expected = Buffer.from(stored ?? '')
      return stored !== null && candidate.length === expected.length && timingSafeEqual(candidate, expected)
    },
  }
}

/** A new code: 6 random digits, leading zeros kept. */
export function newCode(): string {
  return String(randomInt(0, 10 ** OTP_CODE_LENGTH)).padStart(OTP_CODE_LENGTH, '0')
}

export const newChallengeId = (): string => randomUUID()

/** The token that makes a verified new number's account with a name: 32 random bytes. */
export const newCompletionToken = (): string => randomBytes(32).toString('base64url')

/** A login name nobody can guess a number from: `c-` (customer) or `w-` (worker) and 8 random letters and digits. */
export function newAccountName(role: 'customer' | 'worker'): string {
  const alphabet = 'abcdefghjkmnpqrstuvwxyz23456789'
  let out = ''
  for (const b of randomBytes(8)) out += alphabet[b % alphabet.length]
  return `${role === 'customer' ? 'c' : 'w'}-${out}`
}

/** A number as the person may see it again: all but its last two digits hidden (+91********45). */
export const phoneHint = (phone: string): string => `+91********${phone.slice(-2)}`
