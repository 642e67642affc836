import Razorpay from 'razorpay'
import { AppError } from '../../../shared/app-error'
import type { CreatedOrder, PaymentProvider } from './provider'

export interface RazorpaySettings {
  keyId: string
  keySecret: string
  webhookSecret: string
  /** Where the library sends its calls; only for a proxy or a test double. */
  baseUrl?: string
}

/** Razorpay through its official Node library: orders are created with basic auth on /v1/orders. */
export function createRazorpayProvider(settings: RazorpaySettings): PaymentProvider {
  const client = new Razorpay({ key_id: settings.keyId, key_secret: settings.keySecret })
  if (settings.baseUrl) {
    // The library fixes its host; its axios instance is the one place to point it elsewhere.
    ;(client as unknown as { api: { rq: { defaults: { baseURL: string } } } }).api.rq.defaults.baseURL =
      settings.baseUrl.replace(/\/$/, '')
  }
  return {
    name: 'razorpay',
    keyId: settings.keyId,
    checkoutSecret: settings.keySecret,
    webhookSecret: settings.webhookSecret,
    createOrder: async ({ amountPaise, receipt, notes }): Promise<CreatedOrder> => {
      let order: { id: string; amount: number | string }
      try {
        order = await client.orders.create({ amount: amountPaise, currency: 'INR', receipt, notes })
      } catch {
        throw new AppError('SERVICE_UNAVAILABLE', 'The payment service did not answer. Please try again in a moment.')
      }
      if (Number(order.amount) !== amountPaise) {
        throw new AppError('SERVICE_UNAVAILABLE', 'The payment service opened an order for another amount')
      }
      return { orderId: order.id, amountPaise }
    },
  }
}
