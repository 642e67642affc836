import type { PaymentOrder, VerifyPaymentBody } from '@townworks/contract'

/** Razorpay's hosted checkout script: loaded only when the server says Razorpay is the provider. */
const CHECKOUT_SRC = 'https://checkout.razorpay.com/v1/checkout.js'

interface RazorpayCheckout {
  open(): void
}
type RazorpayConstructor = new (options: Record<string, unknown>) => RazorpayCheckout

let loading: Promise<RazorpayConstructor> | undefined

function loadCheckout(): Promise<RazorpayConstructor> {
  loading ??= new Promise<RazorpayConstructor>((resolve, reject) => {
    const script = document.createElement('script')
    script.src = CHECKOUT_SRC
    script.async = true
    script.onload = () => {
      const ctor = (window as unknown as { Razorpay?: RazorpayConstructor }).Razorpay
      if (ctor) resolve(ctor)
      else reject(new Error('Razorpay checkout did not load'))
    }
    script.onerror = () => {
      loading = undefined
      reject(new Error('Razorpay checkout did not load'))
    }
    document.head.appendChild(script)
  })
  return loading
}

/**
 * Open Razorpay's checkout for an order; resolves with its signed answer for the server to verify,
 * or null when the customer closes it.
 */
export async function payWithRazorpay(order: PaymentOrder, description: string): Promise<VerifyPaymentBody | null> {
  const Razorpay = await loadCheckout()
  return new Promise((resolve) => {
    const checkout = new Razorpay({
      key: order.key_id,
      amount: order.amount_paise,
      currency: order.currency,
      order_id: order.order_id,
      name: 'TownWorks',
      description,
      handler: (answer: VerifyPaymentBody) => resolve(answer),
      modal: { ondismiss: () => resolve(null) },
    })
    checkout.open()
  })
}
