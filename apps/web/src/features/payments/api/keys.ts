/** Query keys of the payments feature. */
export const paymentsKeys = {
  all: ['payments'] as const,
  order: (orderId: string) => ['payments', 'order', orderId] as const,
  owed: () => ['payments', 'owed'] as const,
  payouts: () => ['payments', 'payouts'] as const,
  mine: () => ['payments', 'my-payouts'] as const,
  options: () => ['payments', 'options'] as const,
}
