/**
 * A fresh Idempotency-Key: 128 random bits as hex. `crypto.getRandomValues` works on plain http
 * too (unlike `crypto.randomUUID`).
 */
export function newIdempotencyKey(): string {
  const bytes = new Uint8Array(16)
  crypto.getRandomValues(bytes)
  return `msg-${Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('')}`
}
