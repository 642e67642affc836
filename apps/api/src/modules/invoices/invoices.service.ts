import {
  GST_STATES,
  QUOTE_UNIT_WORDS_EN,
  taskReference,
  type Invoice,
  type InvoiceKind,
  type InvoiceResponse,
  type InvoicesExportQuery,
  type InvoicesQuery,
  type InvoicesResponse,
  type InvoiceSummary,
  type MyInvoicesResponse,
} from '@townworks/contract'
import type { Config } from '../../config/config'
import type { DbOrTx } from '../../db/client'
import { AppError, notFound } from '../../shared/app-error'
import type { Ctx } from '../../shared/context'
import { mapBatches, type CsvTable } from '../../shared/csv'
import { allocate, documentNumber, financialYearOf, isIntraState, taxLines, totalsOf, type GrossLine } from './gst'
import * as invoicesRepository from './invoices.repository'
import { taxCodeOf } from './tax-codes'
import { amountInWords } from './words'

// A document for every payment (decision 060): issued in the transaction that records the payment
// (payments' capture) or its refund, numbered there, computed once and stored as issued.

/** The business as its documents name it: from the configuration (GST_REGISTERED, GSTIN, BUSINESS_*). */
export interface Business {
  registered: boolean
  legalName: string
  address: string | null
  gstin: string | null
  stateCode: string
  stateName: string
}

/** What issuing needs from outside: the business, and the clock that dates documents (tests move it). */
export interface InvoicingDeps {
  business: Business
  now: () => Date
}

export function businessFrom(config: Config): Business {
  return {
    registered: config.GST_REGISTERED,
    legalName: config.BUSINESS_LEGAL_NAME,
    address: config.BUSINESS_ADDRESS ?? null,
    gstin: config.GSTIN ?? null,
    stateCode: config.BUSINESS_STATE_CODE,
    stateName: GST_STATES[config.BUSINESS_STATE_CODE]!,
  }
}

/**
 * Where the work is done: every town TownWorks serves is in Telangana (towns carry no state of their
 * own yet). The place of supply of a service on a building is where the building is (IGST Act
 * s. 12(3)), of goods delivered to a site where the delivery ends (s. 10(1)(a)), and of any service
 * to a customer without a GSTIN the customer's address (s. 12(2)(b)): here all the same state.
 */
export const SITE_STATE = { code: '36', name: GST_STATES['36']! } as const

/** Each kind's series; each series counts from 1 in every financial year. */
export const SERIES: Record<InvoiceKind, string> = { tax_invoice: 'TW', receipt: 'RC', credit_note: 'CN' }

/** The customer's address as the document prints it: the request's address, landmark and town. */
function addressOf(subject: invoicesRepository.InvoiceSubject): string | null {
  const parts = [subject.address, subject.landmark, subject.townName, SITE_STATE.name].filter(
    (p): p is string => !!p?.trim(),
  )
  return subject.address || subject.landmark || subject.townName ? parts.join(', ') : null
}

/**
 * The lines as paid, tax included: the task's price and each extra, when the payment is what they
 * add up to; otherwise (an online payment of another amount, decision 016) the payment shared among
 * them in proportion, so the lines still add up to what was paid. Money held to be given back is one
 * line of no supply. An extra from an accepted quote (decision 061) prints its quantity and unit, and
 * the code and rate of the service it supplies (a material's own HSN: sand at 5 %, not the job's
 * 18 %); other extras are one item under the task's code. A price of nothing (a quote without a
 * visit charge) prints no line of its own.
 */
function grossLines(
  subject: invoicesRepository.InvoiceSubject,
  amountPaise: number,
  kind: InvoiceKind,
  held: boolean,
): GrossLine[] {
  const taxed = kind === 'tax_invoice'
  const taxOf = (serviceName: string | null) => {
    const taxCode = taxCodeOf(serviceName)
    return { code: taxed ? taxCode.code : null, rateBps: taxed ? taxCode.rateBps : 0, unit: taxCode.unit }
  }
  const taskTax = taxOf(subject.serviceName)
  const reference = taskReference({ id: subject.taskId, requestId: subject.requestId })
  if (held || subject.pricePaise === null) {
    return [
      {
        description: `Payment received for ${reference} (${subject.taskName}), held to be given back`,
        code: null,
        quantity: 1,
        unit: 'payment',
        gross: amountPaise,
        rateBps: 0,
      },
    ]
  }
  const service = subject.serviceName ? `${subject.serviceName}: ` : ''
  const parts = [
    {
      description: `${service}${subject.taskName} (${reference})`,
      ...taskTax,
      quantity: 1,
      amount: subject.pricePaise,
    },
    ...subject.lineItems.map((i) => {
      const tax = i.serviceName !== null ? taxOf(i.serviceName) : taskTax
      const counted =
        i.quantity !== null && i.unit !== null
          ? { quantity: i.quantity, unit: QUOTE_UNIT_WORDS_EN[i.unit][0] }
          : { quantity: 1, unit: 'item' }
      return { description: i.description, code: tax.code, rateBps: tax.rateBps, ...counted, amount: i.amountPaise }
    }),
  ]
  const owed = parts.reduce((s, p) => s + p.amount, 0)
  const shares =
    owed === amountPaise
      ? parts.map((p) => p.amount)
      : allocate(
          amountPaise,
          parts.map((p) => p.amount),
        )
  const lines = parts.map((p, i) => ({
    description: p.description,
    code: p.code,
    quantity: p.quantity,
    unit: p.unit,
    gross: shares[i]!,
    rateBps: p.rateBps,
  }))
  // Lines of nothing are left out; a document keeps at least its first line.
  const paid = lines.filter((l) => l.gross > 0)
  return paid.length > 0 ? paid : lines.slice(0, 1)
}

/** Number and store a document in the caller's transaction; answers its id. */
async function store(
  tx: DbOrTx,
  deps: InvoicingDeps,
  kind: InvoiceKind,
  invoice: Omit<invoicesRepository.NewInvoice, 'kind' | 'series' | 'financialYear' | 'serial' | 'number' | 'issuedAt'>,
  lines: invoicesRepository.InvoiceLineRow[],
): Promise<number> {
  const issuedAt = deps.now()
  const year = financialYearOf(issuedAt)
  const series = SERIES[kind]
  const serial = await invoicesRepository.nextSerial(tx, series, year.label)
  return invoicesRepository.insertInvoice(
    tx,
    {
      ...invoice,
      kind,
      series,
      financialYear: year.label,
      serial,
      number: documentNumber(series, year.short, serial),
      issuedAt,
    },
    lines,
  )
}

/** A payment as capture records it: `held` when it is kept to be given back (`unallocated`, decision 016). */
export interface PaymentForInvoice {
  id: number
  taskId: number
  amountPaise: number
  held: boolean
}

/**
 * Issue a payment's document in the transaction that records it (call it last: the serial's row stays
 * locked until the commit): a tax invoice when the business is registered for GST, else a receipt; a
 * receipt always for money held to be given back (no supply is made for it). The amount paid is taken
 * as tax-inclusive and split per line (gst.ts). A payment that has its document already keeps it.
 */
export async function issueForPayment(tx: DbOrTx, deps: InvoicingDeps, payment: PaymentForInvoice): Promise<number> {
  const existing = await invoicesRepository.documentOfPayment(tx, payment.id)
  if (existing) return existing.id
  const subject = await invoicesRepository.invoiceSubject(tx, payment.taskId)
  if (!subject) throw notFound('Task')
  const { business } = deps
  const kind: InvoiceKind = business.registered && !payment.held ? 'tax_invoice' : 'receipt'
  const intraState = isIntraState(business.stateCode, SITE_STATE.code)
  const lines = taxLines(grossLines(subject, payment.amountPaise, kind, payment.held), intraState)
  const totals = totalsOf(lines)
  if (totals.total !== payment.amountPaise) throw new Error('An invoice must add up to its payment')
  return store(
    tx,
    deps,
    kind,
    {
      paymentId: payment.id,
      taskId: payment.taskId,
      requestId: subject.requestId,
      correctsInvoiceId: null,
      customerName: subject.billingName ?? subject.customerName ?? 'Customer',
      customerAddress: addressOf(subject),
      customerPhone: subject.customerPhone,
      // A customer's GSTIN is printed on a tax invoice only: a receipt carries no tax to claim.
      customerGstin: kind === 'tax_invoice' ? subject.billingGstin : null,
      supplierLegalName: business.legalName,
      supplierAddress: business.address,
      supplierGstin: kind === 'tax_invoice' ? business.gstin : null,
      supplierStateCode: business.stateCode,
      supplierStateName: business.stateName,
      placeOfSupplyCode: SITE_STATE.code,
      placeOfSupplyName: SITE_STATE.name,
      taxablePaise: totals.taxable,
      cgstPaise: totals.cgst,
      sgstPaise: totals.sgst,
      igstPaise: totals.igst,
      totalPaise: totals.total,
      amountInWords: amountInWords(totals.total),
    },
    lines.map((l, i) => ({
      position: i + 1,
      description: l.description,
      hsnSac: l.code,
      quantity: l.quantity,
      unit: l.unit,
      taxablePaise: l.taxable,
      taxRateBps: l.rateBps,
      cgstPaise: l.cgst,
      sgstPaise: l.sgst,
      igstPaise: l.igst,
      totalPaise: l.total,
    })),
  )
}

/**
 * Issue the credit note of a refunded payment in the refund's transaction: the whole document
 * reversed (a refund is of the whole payment), its lines, taxes, supplier and customer copied as
 * issued — never computed again. Answers its id; null for a payment recorded before documents
 * existed (migration 0018), which has none to correct. A second call answers the first note.
 */
export async function issueCreditNote(tx: DbOrTx, deps: InvoicingDeps, paymentId: number): Promise<number | null> {
  const original = await invoicesRepository.documentOfPayment(tx, paymentId)
  if (!original) return null
  const existing = await invoicesRepository.creditNoteOf(tx, original.id)
  if (existing) return existing.id
  const lines = await invoicesRepository.linesOf(tx, original.id)
  const {
    id: _id,
    kind: _kind,
    series: _series,
    financialYear: _year,
    serial: _serial,
    number: _number,
    issuedAt: _issued,
    createdAt: _created,
    ...copied
  } = original
  return store(tx, deps, 'credit_note', { ...copied, correctsInvoiceId: original.id }, lines)
}

// Reading documents.

function toSummary(r: invoicesRepository.InvoiceListRow): InvoiceSummary {
  return {
    id: r.id,
    kind: r.kind,
    number: r.number,
    financial_year: r.financialYear,
    payment_id: r.paymentId,
    task_id: r.taskId,
    request_id: r.requestId,
    customer_name: r.customerName,
    taxable_paise: r.taxablePaise,
    tax_paise: r.taxPaise,
    total_paise: r.totalPaise,
    issued_at: r.issuedAt.toISOString(),
    corrects:
      r.correctsId !== null && r.correctsNumber !== null ? { id: r.correctsId, number: r.correctsNumber } : null,
  }
}

const STAFF_ROLES = new Set(['operator', 'admin'])

/** GET /api/invoices/:id — the staff, or the customer of the document's request; anyone else is told it does not exist. */
export async function getInvoice(ctx: Ctx, id: number): Promise<InvoiceResponse> {
  const user = ctx.user
  if (!user) throw new AppError('UNAUTHENTICATED', 'Please log in to continue')
  const db = ctx.database.db
  const row = await invoicesRepository.getInvoice(db, id)
  if (!row) throw notFound('Document')
  if (!STAFF_ROLES.has(user.role) && (await invoicesRepository.customerOf(db, row.requestId)) !== user.id) {
    throw notFound('Document')
  }
  const [lines, corrects, creditNote] = await Promise.all([
    invoicesRepository.linesOf(db, row.id),
    row.correctsInvoiceId === null ? undefined : invoicesRepository.getInvoice(db, row.correctsInvoiceId),
    row.kind === 'credit_note' ? undefined : invoicesRepository.creditNoteOf(db, row.id),
  ])
  const invoice: Invoice = {
    ...toSummary({
      ...row,
      taxPaise: row.cgstPaise + row.sgstPaise + row.igstPaise,
      correctsId: corrects?.id ?? null,
      correctsNumber: corrects?.number ?? null,
    }),
    supplier: {
      legal_name: row.supplierLegalName,
      address: row.supplierAddress,
      gstin: row.supplierGstin,
      state_code: row.supplierStateCode,
      state_name: row.supplierStateName,
    },
    customer: {
      name: row.customerName,
      address: row.customerAddress,
      phone: row.customerPhone,
      gstin: row.customerGstin,
    },
    place_of_supply: { state_code: row.placeOfSupplyCode, state_name: row.placeOfSupplyName },
    lines: lines.map((l) => ({
      position: l.position,
      description: l.description,
      hsn_sac: l.hsnSac,
      quantity: l.quantity,
      unit: l.unit,
      taxable_paise: l.taxablePaise,
      tax_rate_bps: l.taxRateBps,
      cgst_paise: l.cgstPaise,
      sgst_paise: l.sgstPaise,
      igst_paise: l.igstPaise,
      total_paise: l.totalPaise,
    })),
    cgst_paise: row.cgstPaise,
    sgst_paise: row.sgstPaise,
    igst_paise: row.igstPaise,
    amount_in_words: row.amountInWords,
    reverse_charge: false,
    credit_note: creditNote ? { id: creditNote.id, number: creditNote.number } : null,
  }
  return { invoice }
}

/** GET /api/invoices — the office's list. */
export async function listInvoices(ctx: Ctx, query: InvoicesQuery): Promise<InvoicesResponse> {
  const { rows, total } = await invoicesRepository.listInvoices(ctx.database.db, query, query.page, query.pageSize)
  return { invoices: rows.map(toSummary), page: query.page, pageSize: query.pageSize, total }
}

/** GET /api/my/invoices — the caller's own documents. */
export async function listMyInvoices(ctx: Ctx): Promise<MyInvoicesResponse> {
  if (!ctx.user) throw new AppError('UNAUTHENTICATED', 'Please log in to continue')
  return { invoices: (await invoicesRepository.listForCustomer(ctx.database.db, ctx.user.id)).map(toSummary) }
}

/** The documents of some tasks (My requests shows each task's), oldest first. */
export async function documentsOfTasks(db: DbOrTx, taskIds: readonly number[]): Promise<Map<number, InvoiceSummary[]>> {
  const byTask = new Map<number, InvoiceSummary[]>()
  for (const row of await invoicesRepository.listForTasks(db, taskIds)) {
    const list = byTask.get(row.taskId) ?? []
    list.push(toSummary(row))
    byTask.set(row.taskId, list)
  }
  return byTask
}

/** GET /api/invoices/export.csv — one row per document, for the accountant (GSTR-1's figures by document). */
export function exportInvoices(ctx: Ctx, query: InvoicesExportQuery): CsvTable {
  return {
    header: [
      'number',
      'kind',
      'issued_at',
      'financial_year',
      'corrects',
      'customer_name',
      'customer_gstin',
      'place_of_supply',
      'supplier_gstin',
      'taxable_paise',
      'cgst_paise',
      'sgst_paise',
      'igst_paise',
      'total_paise',
      'task_id',
      'payment_id',
    ],
    batches: mapBatches(invoicesRepository.exportBatches(ctx.database.db, query), (r) => [
      r.number,
      r.kind,
      r.issuedAt.toISOString(),
      r.financialYear,
      r.correctsNumber,
      r.customerName,
      r.customerGstin,
      `${r.placeOfSupplyCode}-${r.placeOfSupplyName}`,
      r.supplierGstin,
      r.taxablePaise,
      r.cgstPaise,
      r.sgstPaise,
      r.igstPaise,
      r.totalPaise,
      r.taskId,
      r.paymentId,
    ]),
  }
}

// What another module's printed document shares with these (the quotes' PDF, decision 062): the
// process's printer, the look, and the words of units and amounts.
export { findBrowser, sharedPrinter, type PdfPrinter } from './pdf/printer'
export { PRINT_LIMIT, printedDocuments } from './pdf/printed-documents'
export { DOCUMENT_FONT_FAMILY, documentFontFaces } from './pdf/fonts'
export {
  DOCUMENT_STYLE,
  documentAmount,
  escapeHtml,
  pairHtml,
  quantity as documentQuantity,
  unitOf,
} from './pdf/template'
