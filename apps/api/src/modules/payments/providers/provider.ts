import { createHmac, timingSafeEqual } from 'node:crypto'
import type { PaymentProviderName } from '@townworks/contract'

/** An order opened with the provider for an amount; the customer pays it in the provider's checkout. */
export interface CreatedOrder {
  orderId: string
  amountPaise: number
}

/**
 * An online payment provider: it opens orders, and it signs what it sends back — the checkout's
 * answer (order_id|payment_id with the checkout secret) and its webhooks (the raw body with the
 * webhook secret). Razorpay in production; the in-app sandbox on a fresh clone and in tests.
 */
export interface PaymentProvider {
  readonly name: PaymentProviderName
  /** The public key the web's checkout needs (Razorpay's key id); null in the sandbox. */
  readonly keyId: string | null
  readonly checkoutSecret: string
  readonly webhookSecret: string
  createOrder(input: { amountPaise: number; receipt: string; notes: Record<string, string> }): Promise<CreatedOrder>
}

/** HMAC-SHA256 of a payload, hex, as Razorpay signs. */
export function hmacHex(secret: string, payload: string): string {
  return createHmac('sha256', secret).update(payload).digest('hex')
}

/** Whether a signature is the HMAC of the payload, compared in constant time. */
export function signatureMatches(secret: string, payload: string, signature: string | undefined): boolean {
  if (!signature || !/^[0-9a-f]{64}$/.test(signature)) return false
  return timingSafeEqual(Buffer.from(hmacHex(secret, payload), 'hex'), Buffer.from(signature, 'hex'))
}
