import type { PaymentOrder, PaymentProviderName } from '@townworks/contract'
import { and, desc, eq } from 'drizzle-orm'
import type { DbOrTx } from '../../db/client'
import { paymentOrders } from '../../db/schema'

// Online checkout orders (`payment_orders`).

export async function insertOrder(
  tx: DbOrTx,
  o: { orderId: string; taskId: number; provider: PaymentProviderName; amountPaise: number; createdBy: number | null },
): Promise<void> {
  await tx.insert(paymentOrders).values(o)
}

export interface StoredOrder {
  orderId: string
  taskId: number
  provider: PaymentProviderName
  amountPaise: number
  state: PaymentOrder['state']
}

const orderColumns = {
  orderId: paymentOrders.orderId,
  taskId: paymentOrders.taskId,
  provider: paymentOrders.provider,
  amountPaise: paymentOrders.amountPaise,
  state: paymentOrders.state,
}

export async function findOrder(db: DbOrTx, orderId: string): Promise<StoredOrder | undefined> {
  const [row] = await db.select(orderColumns).from(paymentOrders).where(eq(paymentOrders.orderId, orderId))
  return row
}

/** An order of this task still open for this amount with this provider, newest first. */
export async function findOpenOrder(
  db: DbOrTx,
  taskId: number,
  provider: PaymentProviderName,
  amountPaise: number,
): Promise<StoredOrder | undefined> {
  const [row] = await db
    .select(orderColumns)
    .from(paymentOrders)
    .where(
      and(
        eq(paymentOrders.taskId, taskId),
        eq(paymentOrders.provider, provider),
        eq(paymentOrders.amountPaise, amountPaise),
        eq(paymentOrders.state, 'created'),
      ),
    )
    .orderBy(desc(paymentOrders.id))
    .limit(1)
  return row
}

export async function setOrderState(tx: DbOrTx, orderId: string, state: StoredOrder['state']): Promise<void> {
  await tx.update(paymentOrders).set({ state }).where(eq(paymentOrders.orderId, orderId))
}
