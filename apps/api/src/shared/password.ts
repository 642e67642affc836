import { randomBytes, scrypt, timingSafeEqual } from 'node:crypto'
import { createHashQueue, type HashQueueOptions } from './hash-queue'

// scrypt with N = 2^15, r = 8: memory-hard (32 MiB per hash), ~50–100 ms on this class of machine.
const N = 2 ** 15
const R = 8
const P = 1
const KEY_LENGTH = 32
const MAX_MEM = 64 * 1024 * 1024

function derive(password: string, salt: Buffer, n: number, r: number, p: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    scrypt(password.normalize('NFKC'), salt, KEY_LENGTH, { N: n, r, p, maxmem: MAX_MEM }, (error, key) =>
      error ? reject(error) : resolve(key),
    )
  })
}

/**
 * Every hash of this process waits its turn here (issue #15): a few at once (32 MiB each), logins
 * before sign-ups, and a bounded line; beyond it the caller gets 503 with Retry-After.
 */
export const passwordHashing = createHashQueue({ concurrency: 2, maxWaiting: 32 })

/** Set the hashing limits from the configuration (PASSWORD_HASH_CONCURRENCY, PASSWORD_HASH_QUEUE). */
export function configurePasswordHashing(options: HashQueueOptions): void {
  passwordHashing.configure(options)
}

/** Hash a password with a fresh per-user salt: `scrypt$N$r$p$salt$hash` (base64url). */
export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16)
  const key = await passwordHashing.run('hash', () => derive(password, salt, N, R, P))
  return ['scrypt', N, R, P, salt.toString('base64url'), key.toString('base64url')].join('$')
}

/** Check a password against a stored hash in constant time. */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, n, r, p, salt, hash] = stored.split('$')
  if (scheme !== 'scrypt' || !n || !r || !p || !salt || !hash) return false
  const expected = Buffer.from(hash, 'base64url')
  const key = await passwordHashing.run('verify', () =>
    derive(password, Buffer.from(salt, 'base64url'), Number(n), Number(r), Number(p)),
  )
  return key.length === expected.length && timingSafeEqual(key, expected)
}

/** A random password that is easy to read aloud and type on a phone. */
export function generatePassword(): string {
  const alphabet = 'abcdefghjkmnpqrstuvwxyz23456789'
  const bytes = randomBytes(12)
  let out = ''
  for (const b of bytes) out += alphabet[b % alphabet.length]
  return `${out.slice(0, 4)}-${out.slice(4, 8)}-${out.slice(8, 12)}`
}
