/**
 * A fresh Idempotency-Key: a short prefix that says what it is for (`sr` a service request, `ph` a
 * photo, `qt` a quote…), then 128 random bits as hex. `crypto.getRandomValues` works on plain http too
 * (unlike `crypto.randomUUID`), so a phone on a local address still gets one.
 */
export function newIdempotencyKey(prefix: string): string {
  const bytes = new Uint8Array(16)
  crypto.getRandomValues(bytes)
  return `${prefix}-${Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('')}`
}
