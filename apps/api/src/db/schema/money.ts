import { QUOTE_UNITS } from '@townworks/contract'
import { sql } from 'drizzle-orm'
import {
  check,
  index,
  integer,
  numeric,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core'
import { serviceRequests, tasks } from './operations'
import { services } from './reference'
import { users } from './users'
import { workers } from './workers'

/** A customer's payment for a task; recorded once per idempotency key. Amounts in integer paise. */
export const payments = pgTable(
  'payments',
  {
    id: serial('id').primaryKey(),
    taskId: integer('task_id')
      .notNull()
      .references(() => tasks.id),
    amountPaise: integer('amount_paise').notNull(),
    method: text('method').notNull(),
    providerRef: text('provider_ref'),
    // `unallocated`: captured online for a task no longer waiting for payment; owed back (decision 016).
    state: text('state', { enum: ['created', 'captured', 'failed', 'refunded', 'unallocated'] })
      .notNull()
      .default('created'),
    idempotencyKey: text('idempotency_key').notNull(),
    recordedBy: integer('recorded_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** The provider's order this payment settles (Razorpay or sandbox), when paid online. */
    orderId: text('order_id'),
    refundReason: text('refund_reason'),
    refundedBy: integer('refunded_by').references(() => users.id, { onDelete: 'set null' }),
    refundedAt: timestamp('refunded_at', { withTimezone: true }),
  },
  (t) => [
    check('payments_amount_check', sql`${t.amountPaise} > 0`),
    check('payments_state_check', sql`${t.state} in ('created', 'captured', 'failed', 'refunded', 'unallocated')`),
    uniqueIndex('payments_idempotency_key').on(t.idempotencyKey),
    index('payments_task_idx').on(t.taskId),
    // Revenue per week on the dashboard: captured payments by when (decision 042).
    index('payments_captured_created_idx')
      .on(t.createdAt)
      .where(sql`${t.state} = 'captured'`),
    // A task holds at most one captured payment, whatever races past the service's checks.
    uniqueIndex('payments_one_captured_per_task')
      .on(t.taskId)
      .where(sql`${t.state} = 'captured'`),
  ],
)

/** Money paid out to a worker, covering one or more tasks. */
export const payouts = pgTable(
  'payouts',
  {
    id: serial('id').primaryKey(),
    workerId: integer('worker_id')
      .notNull()
      .references(() => workers.id),
    amountPaise: integer('amount_paise').notNull(),
    method: text('method').notNull(),
    reference: text('reference'),
    recordedBy: integer('recorded_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('payouts_amount_check', sql`${t.amountPaise} > 0`),
    // Payouts per week on the dashboard (decision 042).
    index('payouts_created_idx').on(t.createdAt),
  ],
)

/** Which tasks a payout covers; a task is paid out at most once. */
export const payoutTasks = pgTable(
  'payout_tasks',
  {
    payoutId: integer('payout_id')
      .notNull()
      .references(() => payouts.id, { onDelete: 'cascade' }),
    taskId: integer('task_id')
      .notNull()
      .references(() => tasks.id),
  },
  (t) => [primaryKey({ columns: [t.payoutId, t.taskId] }), uniqueIndex('payout_tasks_task_key').on(t.taskId)],
)

/** An online checkout opened for a task (Razorpay order or the in-app sandbox); paying it records a payment. */
export const paymentOrders = pgTable(
  'payment_orders',
  {
    id: serial('id').primaryKey(),
    orderId: text('order_id').notNull(),
    taskId: integer('task_id')
      .notNull()
      .references(() => tasks.id),
    provider: text('provider', { enum: ['razorpay', 'sandbox'] }).notNull(),
    amountPaise: integer('amount_paise').notNull(),
    state: text('state', { enum: ['created', 'paid', 'failed'] })
      .notNull()
      .default('created'),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('payment_orders_amount_check', sql`${t.amountPaise} > 0`),
    uniqueIndex('payment_orders_order_id_key').on(t.orderId),
    index('payment_orders_task_idx').on(t.taskId),
  ],
)

/**
 * The double-entry ledger: one row per leg, signed (debit > 0, credit < 0); the legs of one
 * `group_id` (one payment, payout or refund) sum to zero.
 */
export const ledgerEntries = pgTable(
  'ledger_entries',
  {
    id: serial('id').primaryKey(),
    groupId: text('group_id').notNull(),
    kind: text('kind', { enum: ['payment', 'payout', 'refund'] }).notNull(),
    account: text('account').notNull(),
    amountPaise: integer('amount_paise').notNull(),
    taskId: integer('task_id').references(() => tasks.id),
    paymentId: integer('payment_id').references(() => payments.id),
    payoutId: integer('payout_id').references(() => payouts.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('ledger_entries_amount_check', sql`${t.amountPaise} <> 0`),
    check('ledger_entries_kind_check', sql`${t.kind} in ('payment', 'payout', 'refund')`),
    index('ledger_entries_group_idx').on(t.groupId),
    index('ledger_entries_account_idx').on(t.account),
    index('ledger_entries_task_idx').on(t.taskId),
    index('ledger_entries_created_idx').on(t.createdAt),
  ],
)

/** Materials or extra work added to a task's price by an operator before the customer pays. */
export const taskLineItems = pgTable(
  'task_line_items',
  {
    id: serial('id').primaryKey(),
    taskId: integer('task_id')
      .notNull()
      .references(() => tasks.id, { onDelete: 'cascade' }),
    description: text('description').notNull(),
    amountPaise: integer('amount_paise').notNull(),
    // From an accepted quote's line (decision 061): how much of what, and the service it supplies
    // (a material's, for its HSN code and rate on the invoice); null for an amount added by hand.
    quantity: numeric('quantity', { precision: 12, scale: 2, mode: 'number' }),
    unit: text('unit', { enum: QUOTE_UNITS }),
    serviceId: integer('service_id').references(() => services.id),
    reason: text('reason'),
    addedBy: integer('added_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('task_line_items_amount_check', sql`${t.amountPaise} > 0`),
    check(
      'task_line_items_quantity_check',
      sql`(${t.quantity} is null) = (${t.unit} is null) and (${t.quantity} is null or ${t.quantity} > 0)`,
    ),
    check(
      'task_line_items_unit_check',
      sql`${t.unit} is null or ${t.unit} in (${sql.raw(QUOTE_UNITS.map((u) => `'${u}'`).join(', '))})`,
    ),
    index('task_line_items_task_idx').on(t.taskId),
  ],
)

/** Every change of a task's price: from what, to what, why and by whom. */
export const taskPriceChanges = pgTable(
  'task_price_changes',
  {
    id: serial('id').primaryKey(),
    taskId: integer('task_id')
      .notNull()
      .references(() => tasks.id, { onDelete: 'cascade' }),
    fromPaise: integer('from_paise'),
    toPaise: integer('to_paise').notNull(),
    reason: text('reason').notNull(),
    changedBy: integer('changed_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('task_price_changes_task_idx').on(t.taskId)],
)

/**
 * The last serial issued in a series (TW tax invoices, RC receipts, CN credit notes) and financial
 * year (decision 060): taken with INSERT … ON CONFLICT DO UPDATE … RETURNING in the transaction that
 * records the payment, so numbers are unique and gap-free across processes, and a rolled-back payment
 * takes none.
 */
export const invoiceCounters = pgTable(
  'invoice_counters',
  {
    series: text('series').notNull(),
    financialYear: text('financial_year').notNull(),
    lastSerial: integer('last_serial').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.series, t.financialYear] }),
    check('invoice_counters_serial_check', sql`${t.lastSerial} > 0`),
  ],
)

/**
 * A payment's document (decision 060): a receipt (business not registered for GST, or money held to
 * be given back), a tax invoice, or a credit note for a refund (`corrects_invoice_id`). Everything on
 * it is a snapshot taken at issue: customer, supplier, place of supply, amounts in paise and in words.
 * Never updated.
 */
export const invoices = pgTable(
  'invoices',
  {
    id: serial('id').primaryKey(),
    kind: text('kind', { enum: ['receipt', 'tax_invoice', 'credit_note'] }).notNull(),
    series: text('series').notNull(),
    financialYear: text('financial_year').notNull(),
    serial: integer('serial').notNull(),
    number: text('number').notNull(),
    paymentId: integer('payment_id')
      .notNull()
      .references(() => payments.id),
    taskId: integer('task_id')
      .notNull()
      .references(() => tasks.id),
    requestId: integer('request_id').references(() => serviceRequests.id),
    correctsInvoiceId: integer('corrects_invoice_id').references((): AnyPgColumn => invoices.id),
    customerName: text('customer_name').notNull(),
    customerAddress: text('customer_address'),
    customerPhone: text('customer_phone'),
    customerGstin: text('customer_gstin'),
    supplierLegalName: text('supplier_legal_name').notNull(),
    supplierAddress: text('supplier_address'),
    supplierGstin: text('supplier_gstin'),
    supplierStateCode: text('supplier_state_code').notNull(),
    supplierStateName: text('supplier_state_name').notNull(),
    placeOfSupplyCode: text('place_of_supply_code').notNull(),
    placeOfSupplyName: text('place_of_supply_name').notNull(),
    taxablePaise: integer('taxable_paise').notNull(),
    cgstPaise: integer('cgst_paise').notNull(),
    sgstPaise: integer('sgst_paise').notNull(),
    igstPaise: integer('igst_paise').notNull(),
    totalPaise: integer('total_paise').notNull(),
    amountInWords: text('amount_in_words').notNull(),
    issuedAt: timestamp('issued_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('invoices_kind_check', sql`${t.kind} in ('receipt', 'tax_invoice', 'credit_note')`),
    check('invoices_serial_check', sql`${t.serial} > 0`),
    check(
      'invoices_amounts_check',
      sql`${t.taxablePaise} >= 0 and ${t.cgstPaise} >= 0 and ${t.sgstPaise} >= 0 and ${t.igstPaise} >= 0 and ${t.totalPaise} > 0`,
    ),
    check(
      'invoices_totals_check',
      sql`${t.taxablePaise} + ${t.cgstPaise} + ${t.sgstPaise} + ${t.igstPaise} = ${t.totalPaise}`,
    ),
    // CGST + SGST within a state, IGST between states: never both.
    check('invoices_tax_heads_check', sql`${t.igstPaise} = 0 or (${t.cgstPaise} = 0 and ${t.sgstPaise} = 0)`),
    // A receipt carries no tax.
    check(
      'invoices_receipt_tax_check',
      sql`${t.kind} <> 'receipt' or (${t.cgstPaise} = 0 and ${t.sgstPaise} = 0 and ${t.igstPaise} = 0)`,
    ),
    check('invoices_corrects_check', sql`(${t.kind} = 'credit_note') = (${t.correctsInvoiceId} is not null)`),
    uniqueIndex('invoices_number_key').on(t.number),
    uniqueIndex('invoices_series_serial_key').on(t.series, t.financialYear, t.serial),
    // One receipt or invoice per payment, whatever races past the service.
    uniqueIndex('invoices_one_per_payment')
      .on(t.paymentId)
      .where(sql`${t.kind} <> 'credit_note'`),
    // A refund is of the whole payment: one credit note per document.
    uniqueIndex('invoices_one_credit_note')
      .on(t.correctsInvoiceId)
      .where(sql`${t.correctsInvoiceId} is not null`),
    index('invoices_issued_idx').on(t.issuedAt),
    index('invoices_task_idx').on(t.taskId),
    index('invoices_request_idx').on(t.requestId),
  ],
)

/** A document's lines, in order: what was supplied, its code, taxable value and tax heads, in paise. */
export const invoiceLines = pgTable(
  'invoice_lines',
  {
    invoiceId: integer('invoice_id')
      .notNull()
      .references(() => invoices.id, { onDelete: 'cascade' }),
    position: smallint('position').notNull(),
    description: text('description').notNull(),
    /** SAC for a service, HSN for goods; null on a receipt. */
    hsnSac: text('hsn_sac'),
    quantity: numeric('quantity', { precision: 12, scale: 3, mode: 'number' }).notNull(),
    unit: text('unit').notNull(),
    taxablePaise: integer('taxable_paise').notNull(),
    taxRateBps: integer('tax_rate_bps').notNull(),
    cgstPaise: integer('cgst_paise').notNull(),
    sgstPaise: integer('sgst_paise').notNull(),
    igstPaise: integer('igst_paise').notNull(),
    totalPaise: integer('total_paise').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.invoiceId, t.position] }),
    check(
      'invoice_lines_amounts_check',
      sql`${t.taxablePaise} >= 0 and ${t.cgstPaise} >= 0 and ${t.sgstPaise} >= 0 and ${t.igstPaise} >= 0 and ${t.totalPaise} >= 0`,
    ),
    check(
      'invoice_lines_totals_check',
      sql`${t.taxablePaise} + ${t.cgstPaise} + ${t.sgstPaise} + ${t.igstPaise} = ${t.totalPaise}`,
    ),
    check('invoice_lines_rate_check', sql`${t.taxRateBps} >= 0 and ${t.taxRateBps} <= 10000`),
  ],
)
