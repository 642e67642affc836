import { type PaymentMismatch, type TaskLineItem, type TaskStatus } from '@townworks/contract'
import { AppError } from '../../shared/app-error'
import type { AuthUser, Ctx } from '../../shared/context'
import type { InvoicingDeps } from '../invoices/invoices.service'
import { type PaymentProvider } from './providers/provider'

// What the payments files share: their configuration, who may see what, and a task's total.

/**
 * What the payment verbs need from the configuration: the online provider (null when neither
 * Razorpay nor the sandbox is on: customers pay the office by hand) and the commission.
 */
export interface PaymentDeps {
  provider: PaymentProvider | null
  commissionBps: number
  /** The business and the clock every payment's receipt or invoice, and every refund's credit note, are issued with (decision 060). */
  invoicing: InvoicingDeps
}

/** What is left to settle once a payment is captured: total less paid, and which way it leans (decision 016). */
export function balanceOf(total: number | null, paid: number): { balance: number; mismatch: PaymentMismatch } {
  const balance = (total ?? 0) - paid
  return { balance, mismatch: balance > 0 ? 'underpaid' : balance < 0 ? 'overpaid' : null }
}

/** Statuses of a task its customer has paid. */
export const PAID_STATUSES: readonly TaskStatus[] = ['payment_received', 'paid_to_worker', 'task_completed']
const STAFF_ROLES = new Set(['operator', 'admin'])

/** The caller, who must be logged in (routes already ensure it). */
export function userOf(ctx: Ctx): AuthUser {
  if (!ctx.user) throw new AppError('UNAUTHENTICATED', 'Please log in to continue')
  return ctx.user
}

/** Whether the caller is an operator or an admin. */
export const isStaff = (user: AuthUser | undefined) => user !== undefined && STAFF_ROLES.has(user.role)

/** What a task owes in all: its price plus its line items; null while no price is set. */
export function totalOf(price: number | null, items: readonly TaskLineItem[]): number | null {
  return price === null ? null : price + items.reduce((s, i) => s + i.amount_paise, 0)
}
