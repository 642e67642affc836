import type { InvoiceKind, QuoteUnit } from '@townworks/contract'
import {
  aliasedTable,
  and,
  asc,
  count,
  desc,
  eq,
  getTableColumns,
  gt,
  ilike,
  inArray,
  or,
  sql,
  type SQL,
} from 'drizzle-orm'
import type { DbOrTx } from '../../db/client'
import { EXPORT_BATCH } from '../../db/export'
import { indiaDayStart } from '../../db/india-time'
import { likeContaining } from '../../db/like'
import {
  invoiceCounters,
  invoiceLines,
  invoices,
  serviceRequests,
  services,
  taskLineItems,
  tasks,
  towns,
} from '../../db/schema'

// Receipts, tax invoices and credit notes (decision 060): `invoices`, their `invoice_lines`, and the
// serial counters. Rows are written once, at issue, and never updated.

/**
 * The next serial of a series in a financial year: 1 for the first, then one more each time. The row
 * stays locked until the caller's transaction ends, so concurrent issuers (in any process) queue on
 * it; a transaction that rolls back gives its number back with it.
 */
export async function nextSerial(tx: DbOrTx, series: string, financialYear: string): Promise<number> {
  const [row] = await tx
    .insert(invoiceCounters)
    .values({ series, financialYear, lastSerial: 1 })
    .onConflictDoUpdate({
      target: [invoiceCounters.series, invoiceCounters.financialYear],
      set: { lastSerial: sql`${invoiceCounters.lastSerial} + 1` },
    })
    .returning({ serial: invoiceCounters.lastSerial })
  return row!.serial
}

/** What a payment's document says of its task: the work, its price and extras, and who asked for it where. */
export interface InvoiceSubject {
  taskId: number
  taskName: string
  serviceName: string | null
  pricePaise: number | null
  /**
   * The extras, oldest first; those from an accepted quote (decision 061) with their quantity, unit and
   * the service they supply (a material's own, for its HSN code and rate), null where not known.
   */
  lineItems: {
    description: string
    amountPaise: number
    quantity: number | null
    unit: QuoteUnit | null
    serviceName: string | null
  }[]
  requestId: number | null
  customerName: string | null
  customerPhone: string | null
  /** Who the customer asked the documents to be made out to, and their GSTIN (PUT /api/requests/{id}/billing). */
  billingName: string | null
  billingGstin: string | null
  address: string | null
  landmark: string | null
  townName: string | null
}

export async function invoiceSubject(tx: DbOrTx, taskId: number): Promise<InvoiceSubject | undefined> {
  const [task] = await tx
    .select({
      taskId: tasks.id,
      taskName: tasks.taskName,
      serviceName: services.name,
      pricePaise: tasks.pricePaise,
      requestId: tasks.requestId,
      customerName: serviceRequests.name,
      customerPhone: serviceRequests.phone,
      billingName: serviceRequests.billingName,
      billingGstin: serviceRequests.billingGstin,
      address: serviceRequests.address,
      landmark: serviceRequests.landmark,
      townName: towns.name,
    })
    .from(tasks)
    .leftJoin(serviceRequests, eq(serviceRequests.id, tasks.requestId))
    .leftJoin(services, eq(services.id, sql`coalesce(${tasks.serviceId}, ${serviceRequests.serviceId})`))
    .leftJoin(towns, eq(towns.id, sql`coalesce(${tasks.townId}, ${serviceRequests.townId})`))
    .where(eq(tasks.id, taskId))
  if (!task) return undefined
  const lineItems = await tx
    .select({
      description: taskLineItems.description,
      amountPaise: taskLineItems.amountPaise,
      quantity: taskLineItems.quantity,
      unit: taskLineItems.unit,
      serviceName: services.name,
    })
    .from(taskLineItems)
    .leftJoin(services, eq(services.id, taskLineItems.serviceId))
    .where(eq(taskLineItems.taskId, taskId))
    .orderBy(asc(taskLineItems.id))
  return { ...task, lineItems }
}

export type InvoiceRow = typeof invoices.$inferSelect
export type NewInvoice = Omit<typeof invoices.$inferInsert, 'id' | 'createdAt'>
export type InvoiceLineRow = Omit<typeof invoiceLines.$inferSelect, 'invoiceId'>

/** Store a document and its lines; answers its id. */
export async function insertInvoice(
  tx: DbOrTx,
  invoice: NewInvoice,
  lines: readonly InvoiceLineRow[],
): Promise<number> {
  const [row] = await tx.insert(invoices).values(invoice).returning({ id: invoices.id })
  if (lines.length > 0) await tx.insert(invoiceLines).values(lines.map((l) => ({ ...l, invoiceId: row!.id })))
  return row!.id
}

/** A payment's receipt or tax invoice (not its credit note). */
export async function documentOfPayment(tx: DbOrTx, paymentId: number): Promise<InvoiceRow | undefined> {
  const [row] = await tx
    .select()
    .from(invoices)
    .where(and(eq(invoices.paymentId, paymentId), sql`${invoices.kind} <> 'credit_note'`))
  return row
}

/** The credit note that corrects a document, if one was issued. */
export async function creditNoteOf(tx: DbOrTx, invoiceId: number): Promise<InvoiceRow | undefined> {
  const [row] = await tx.select().from(invoices).where(eq(invoices.correctsInvoiceId, invoiceId))
  return row
}

export async function getInvoice(db: DbOrTx, id: number): Promise<InvoiceRow | undefined> {
  const [row] = await db.select().from(invoices).where(eq(invoices.id, id))
  return row
}

export async function linesOf(db: DbOrTx, invoiceId: number): Promise<InvoiceLineRow[]> {
  return db
    .select({
      position: invoiceLines.position,
      description: invoiceLines.description,
      hsnSac: invoiceLines.hsnSac,
      quantity: invoiceLines.quantity,
      unit: invoiceLines.unit,
      taxablePaise: invoiceLines.taxablePaise,
      taxRateBps: invoiceLines.taxRateBps,
      cgstPaise: invoiceLines.cgstPaise,
      sgstPaise: invoiceLines.sgstPaise,
      igstPaise: invoiceLines.igstPaise,
      totalPaise: invoiceLines.totalPaise,
    })
    .from(invoiceLines)
    .where(eq(invoiceLines.invoiceId, invoiceId))
    .orderBy(asc(invoiceLines.position))
}

/** The customer (a login) of the request a document is for; null when the request has none. */
export async function customerOf(db: DbOrTx, requestId: number | null): Promise<number | null> {
  if (requestId === null) return null
  const [row] = await db
    .select({ customerId: serviceRequests.customerId })
    .from(serviceRequests)
    .where(eq(serviceRequests.id, requestId))
  return row?.customerId ?? null
}

/** What lists show of a document, with the number of the one a credit note corrects. */
export interface InvoiceListRow {
  id: number
  kind: InvoiceKind
  number: string
  financialYear: string
  paymentId: number
  taskId: number
  requestId: number | null
  customerName: string
  taxablePaise: number
  taxPaise: number
  totalPaise: number
  issuedAt: Date
  correctsId: number | null
  correctsNumber: string | null
}

const corrected = aliasedTable(invoices, 'corrected')

const listColumns = {
  id: invoices.id,
  kind: invoices.kind,
  number: invoices.number,
  financialYear: invoices.financialYear,
  paymentId: invoices.paymentId,
  taskId: invoices.taskId,
  requestId: invoices.requestId,
  customerName: invoices.customerName,
  taxablePaise: invoices.taxablePaise,
  taxPaise: sql<number>`(${invoices.cgstPaise} + ${invoices.sgstPaise} + ${invoices.igstPaise})::int`,
  totalPaise: invoices.totalPaise,
  issuedAt: invoices.issuedAt,
  correctsId: corrected.id,
  correctsNumber: corrected.number,
}

export interface InvoiceFilters {
  kind?: InvoiceKind | undefined
  from?: string | undefined
  to?: string | undefined
  q?: string | undefined
}

function filtersOf(f: InvoiceFilters): SQL | undefined {
  const q = f.q?.trim()
  // How every screen names a task (the contract's taskReference): its request's TW-000123, or #45 for
  // a task made without a request. A bare number may be either.
  const requestNumber = q ? /^(?:TW-?)?0*(\d{1,9})$/i.exec(q) : null
  const taskNumber = q ? /^#?0*(\d{1,9})$/.exec(q) : null
  return and(
    f.kind ? eq(invoices.kind, f.kind) : undefined,
    f.from ? sql`${invoices.issuedAt} >= ${indiaDayStart(f.from)}` : undefined,
    f.to ? sql`${invoices.issuedAt} < ${indiaDayStart(f.to, 1)}` : undefined,
    q
      ? or(
          ilike(invoices.number, likeContaining(q)),
          ilike(invoices.customerName, likeContaining(q)),
          requestNumber ? eq(invoices.requestId, Number(requestNumber[1])) : undefined,
          taskNumber ? eq(invoices.taskId, Number(taskNumber[1])) : undefined,
        )
      : undefined,
  )
}

/** A page of documents, newest first, and how many match. */
export async function listInvoices(
  db: DbOrTx,
  filters: InvoiceFilters,
  page: number,
  pageSize: number,
): Promise<{ rows: InvoiceListRow[]; total: number }> {
  const where = filtersOf(filters)
  const [rows, [counted]] = await Promise.all([
    db
      .select(listColumns)
      .from(invoices)
      .leftJoin(corrected, eq(corrected.id, invoices.correctsInvoiceId))
      .where(where)
      .orderBy(desc(invoices.issuedAt), desc(invoices.id))
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    db.select({ n: count() }).from(invoices).where(where),
  ])
  return { rows: rows as InvoiceListRow[], total: counted!.n }
}

/** The documents of a customer's requests, newest first. */
export async function listForCustomer(db: DbOrTx, userId: number): Promise<InvoiceListRow[]> {
  const rows = await db
    .select(listColumns)
    .from(invoices)
    .innerJoin(serviceRequests, eq(serviceRequests.id, invoices.requestId))
    .leftJoin(corrected, eq(corrected.id, invoices.correctsInvoiceId))
    .where(eq(serviceRequests.customerId, userId))
    .orderBy(desc(invoices.issuedAt), desc(invoices.id))
    .limit(500)
  return rows as InvoiceListRow[]
}

/** The documents of some tasks, oldest first (a task's receipt before its credit note). */
export async function listForTasks(db: DbOrTx, taskIds: readonly number[]): Promise<InvoiceListRow[]> {
  if (taskIds.length === 0) return []
  const rows = await db
    .select(listColumns)
    .from(invoices)
    .leftJoin(corrected, eq(corrected.id, invoices.correctsInvoiceId))
    .where(inArray(invoices.taskId, [...taskIds]))
    .orderBy(asc(invoices.id))
  return rows as InvoiceListRow[]
}

/** Documents with their tax per heads, for the accountant's CSV: in batches, by id (number order within a series). */
export async function* exportBatches(
  db: DbOrTx,
  filters: InvoiceFilters,
  batchSize = EXPORT_BATCH,
): AsyncGenerator<(InvoiceRow & { correctsNumber: string | null })[]> {
  let after = 0
  for (;;) {
    const rows: (InvoiceRow & { correctsNumber: string | null })[] = await db
      .select({ ...getTableColumns(invoices), correctsNumber: corrected.number })
      .from(invoices)
      .leftJoin(corrected, eq(corrected.id, invoices.correctsInvoiceId))
      .where(and(gt(invoices.id, after), filtersOf(filters)))
      .orderBy(asc(invoices.id))
      .limit(batchSize)
    if (rows.length === 0) return
    yield rows
    after = rows.at(-1)!.id
  }
}
