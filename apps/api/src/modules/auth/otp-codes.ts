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

/**
 * A login name nobody can guess a number from: the person's name in plain letters when it has some
 * (`lakshmi.devi-k3m9`), else `c-` (customer) or `w-` (worker), with random letters and digits.
 */
export function newAccountName(role: 'customer' | 'worker', name: string | null = null): string {
  const alphabet = 'abcdefghjkmnpqrstuvwxyz23456789'
  let random = ''
  for (const b of randomBytes(8)) random += alphabet[b % alphabet.length]
  const plain = (name ?? '')
    .normalize('NFKD')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '.')
    .replace(/^\.+|\.+$/g, '')
    .slice(0, 20)
    .replace(/\.+$/, '')
  if (plain.length >= 3) return `${plain}-${random.slice(0, 4)}`
  return `${role === 'customer' ? 'c' : 'w'}-${random}`
}

/** A number as the person may see it again: all but its last two digits hidden (+91********45). */
export const phoneHint = (phone: string): string => `+91********${phone.slice(-2)}`
