import { createHmac, randomBytes } from 'node:crypto'
import type { CreatedOrder, PaymentProvider } from './provider'

/**
 * The in-app checkout used when no provider is configured: orders are made here, and the
 * server signs the sandbox's events with a secret of its own, so they take the same verified
 * path as Razorpay's. The secret comes from SESSION_SECRET when set (several processes agree),
 * or is random per process.
 */
export function createSandboxProvider(sessionSecret: string | undefined): PaymentProvider {
  const root = sessionSecret ?? randomBytes(32).toString('hex')
  const derive = (purpose: string) => createHmac('sha256', root).update(`townworks-sandbox:${purpose}`).digest('hex')
  return {
    name: 'sandbox',
    keyId: null,
    checkoutSecret: derive('checkout'),
    webhookSecret: derive('webhook'),
    createOrder: async ({ amountPaise }): Promise<CreatedOrder> => ({
      orderId: `order_sbx${randomBytes(6).toString('hex')}`,
      amountPaise,
    }),
  }
}
