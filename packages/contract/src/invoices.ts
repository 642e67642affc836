import { z } from 'zod'
import { CsvFileSchema, DateSchema, IdParamSchema, PageQuerySchema, text } from './common'
import { endpoint, STAFF } from './endpoint'
import { LanguageSchema } from './options'

/**
 * A payment's document (decision 060): a numbered `receipt` (the business is not registered for GST,
 * or the money is held to be given back), a `tax_invoice` (registered: CGST + SGST or IGST per line),
 * or a `credit_note` for a refund, linked to the document it corrects.
 */
export const INVOICE_KINDS = ['receipt', 'tax_invoice', 'credit_note'] as const
export const InvoiceKindSchema = z.enum(INVOICE_KINDS)
export type InvoiceKind = z.infer<typeof InvoiceKindSchema>

/** One line: amounts in integer paise, as computed once at issue (taxable + CGST + SGST + IGST = total). */
export const InvoiceLineSchema = z.object({
  position: z.number().int(),
  description: z.string(),
  /** SAC (a service) or HSN (goods); null on a receipt. */
  hsn_sac: z.string().nullable(),
  quantity: z.number(),
  unit: z.string(),
  taxable_paise: z.number().int(),
  /** 1800 = 18 %; 0 on a receipt. */
  tax_rate_bps: z.number().int(),
  cgst_paise: z.number().int(),
  sgst_paise: z.number().int(),
  igst_paise: z.number().int(),
  total_paise: z.number().int(),
})
export type InvoiceLine = z.infer<typeof InvoiceLineSchema>

/** What a list shows of a document. */
export const InvoiceSummarySchema = z.object({
  id: z.number().int(),
  kind: InvoiceKindSchema,
  /** TW/26-27/000123 (tax invoices), RC/… (receipts), CN/… (credit notes): unique, gap-free per series and financial year. */
  number: z.string(),
  /** The financial year, April to March in India: 2026-27. */
  financial_year: z.string(),
  payment_id: z.number().int(),
  task_id: z.number().int(),
  request_id: z.number().int().nullable(),
  customer_name: z.string(),
  taxable_paise: z.number().int(),
  tax_paise: z.number().int(),
  total_paise: z.number().int(),
  issued_at: z.string(),
  /** A credit note's document: the receipt or invoice it corrects. */
  corrects: z.object({ id: z.number().int(), number: z.string() }).nullable(),
})
export type InvoiceSummary = z.infer<typeof InvoiceSummarySchema>

/** The whole document, as issued: everything a PDF prints. */
export const InvoiceSchema = InvoiceSummarySchema.extend({
  supplier: z.object({
    legal_name: z.string(),
    address: z.string().nullable(),
    /** Null on a receipt of a business not registered for GST. */
    gstin: z.string().nullable(),
    state_code: z.string(),
    state_name: z.string(),
  }),
  customer: z.object({
    name: z.string(),
    address: z.string().nullable(),
    phone: z.string().nullable(),
    gstin: z.string().nullable(),
  }),
  /** Where the service is supplied (the site's state), with its GST state code. */
  place_of_supply: z.object({ state_code: z.string(), state_name: z.string() }),
  lines: z.array(InvoiceLineSchema),
  cgst_paise: z.number().int(),
  sgst_paise: z.number().int(),
  igst_paise: z.number().int(),
  /** The total in words, Indian numbering: "Rupees Four Thousand Five Hundred and Fifty Paise Only". */
  amount_in_words: z.string(),
  /** Tax payable on reverse charge: never, for these supplies (printed as rule 46 asks). */
  reverse_charge: z.boolean(),
  /** The credit note issued for this document's refund, if any. */
  credit_note: z.object({ id: z.number().int(), number: z.string() }).nullable(),
})
export type Invoice = z.infer<typeof InvoiceSchema>

/** GET /api/invoices: the office's list, newest first; days are Asia/Kolkata days of issue. */
export const InvoicesQuerySchema = PageQuerySchema.extend({
  kind: InvoiceKindSchema.optional(),
  from: DateSchema.optional(),
  to: DateSchema.optional(),
  /** A document number (or part of one), a customer's name, or a task's number. */
  q: text().trim().max(100).optional(),
}).refine((q) => !q.from || !q.to || q.from <= q.to, { error: 'from must not be after to', path: ['to'] })
export type InvoicesQuery = z.infer<typeof InvoicesQuerySchema>

export const InvoicesResponseSchema = z.object({
  invoices: z.array(InvoiceSummarySchema),
  page: z.number().int(),
  pageSize: z.number().int(),
  total: z.number().int(),
})
export type InvoicesResponse = z.infer<typeof InvoicesResponseSchema>

/** The CSV export's filters: the list's, without paging. */
export const InvoicesExportQuerySchema = z
  .object({ kind: InvoiceKindSchema.optional(), from: DateSchema.optional(), to: DateSchema.optional() })
  .refine((q) => !q.from || !q.to || q.from <= q.to, { error: 'from must not be after to', path: ['to'] })
export type InvoicesExportQuery = z.infer<typeof InvoicesExportQuerySchema>

export const InvoiceResponseSchema = z.object({ invoice: InvoiceSchema })
export type InvoiceResponse = z.infer<typeof InvoiceResponseSchema>

export const MyInvoicesResponseSchema = z.object({ invoices: z.array(InvoiceSummarySchema) })
export type MyInvoicesResponse = z.infer<typeof MyInvoicesResponseSchema>

/** A PDF document, sent as itself (Content-Type application/pdf, as an attachment named after its number). */
export const PdfFileSchema = z.string().meta({ description: 'The PDF bytes' })

/** GET /api/invoices/{id}/pdf: the language of the words around the legal fields (English is always beside them). */
export const InvoicePdfQuerySchema = z.object({ lang: LanguageSchema.default('en') })
export type InvoicePdfQuery = z.infer<typeof InvoicePdfQuerySchema>

export { invoiceFileName, invoicePdfPath } from './invoice-files'

/** The receipts, invoices and credit notes endpoints (issue 22, decision 060). */
export const invoicesEndpoints = {
  listInvoices: endpoint({
    method: 'GET',
    path: '/api/invoices',
    access: STAFF,
    tag: 'invoices',
    summary: 'Receipts, tax invoices and credit notes, newest first: by kind, days of issue and a search',
    query: InvoicesQuerySchema,
    response: InvoicesResponseSchema,
  }),
  exportInvoices: endpoint({
    method: 'GET',
    path: '/api/invoices/export.csv',
    access: STAFF,
    tag: 'invoices',
    summary:
      'Every document between from and to (Asia/Kolkata days) as CSV for the accountant, in number order (decision 045)',
    query: InvoicesExportQuerySchema,
    response: CsvFileSchema,
  }),
  getInvoice: endpoint({
    method: 'GET',
    path: '/api/invoices/:id',
    access: ['customer', 'operator', 'admin'],
    tag: 'invoices',
    summary: 'One document as issued, with its lines; a customer sees only those of their own requests (404 otherwise)',
    params: z.object({ id: IdParamSchema }),
    response: InvoiceResponseSchema,
  }),
  invoicePdf: endpoint({
    method: 'GET',
    path: '/api/invoices/:id/pdf',
    access: ['customer', 'operator', 'admin'],
    tag: 'invoices',
    summary:
      "One document as a PDF, in English or with the customer's language beside the legal fields (who may read it: as GET /api/invoices/{id})",
    params: z.object({ id: IdParamSchema }),
    query: InvoicePdfQuerySchema,
    response: PdfFileSchema,
  }),
  myInvoices: endpoint({
    method: 'GET',
    path: '/api/my/invoices',
    access: ['customer'],
    tag: 'invoices',
    summary: "The logged-in customer's receipts, invoices and credit notes, newest first",
    response: MyInvoicesResponseSchema,
  }),
} as const
