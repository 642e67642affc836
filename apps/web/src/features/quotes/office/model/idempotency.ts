/**
 * A fresh Idempotency-Key: 128 random bits as hex. `crypto.getRandomValues` works on plain http
 * too (unlike `crypto.randomUUID`), so a machine on a local address still gets one.
 */
export function newIdempotencyKey(): string {
  const bytes = new Uint8Array(16)
  crypto.getRandomValues(bytes)
  return `qt-${Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('')}`
}
