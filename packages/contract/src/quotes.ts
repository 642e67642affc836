import { z } from 'zod'
import { DateSchema, IdParamSchema, MAX_ID, MessageResponseSchema, PaiseSchema, TimeSchema, text } from './common'
import { endpoint, STAFF } from './endpoint'
import { InvoicePdfQuerySchema, PdfFileSchema } from './invoices'
import { ServiceSchema } from './options'
import {
  fitsOneTask,
  lineTotalPaise,
  QUOTE_LINE_KINDS,
  QUOTE_LINES_MAX,
  QUOTE_STATUSES,
  QUOTE_UNIT_RULES,
  QUOTE_UNIT_WORDS_EN,
  QUOTE_UNITS,
  quantityProblem,
  quoteTotalPaise,
  type QuoteLineKind,
} from './quote-units'
export * from './quote-units'

/**
 * Quotes the customer approves (issue 22, decision 061). The office prepares a quote for an open
 * service request: lines of labour and materials, each a quantity of a unit at a unit price, an
 * optional visit charge, a validity date, a note and, optionally, a proposed slot (a worker, a day,
 * the hours). The customer accepts it (the request is then scheduled, at once when the slot's worker
 * is still free) or declines it (the request is closed with the reason). A changed quote is a new
 * version; the one before it, if still waiting, is superseded. Money is integer paise; a line's
 * total is quantity × unit price rounded half a paisa up, computed once when the quote is made.
 */

export const QuoteLineKindSchema = z.enum(QUOTE_LINE_KINDS, { error: 'Choose labour or material' })
export const QuoteUnitSchema = z.enum(QUOTE_UNITS, { error: 'Choose a unit from the list' })
export const QuoteStatusSchema = z.enum(QUOTE_STATUSES)

/** The units a kind of line is counted in, in English words, for the message that refuses another. */
const unitsOfKind = (kind: QuoteLineKind) =>
  QUOTE_UNITS.filter((u) => QUOTE_UNIT_RULES[u].kinds.includes(kind))
    .map((u) => QUOTE_UNIT_WORDS_EN[u][1])
    .join(', ')

/** One line as the office writes it. Its quantity is checked against its unit in the quote's body. */
export const QuoteLineBodySchema = z.strictObject({
  kind: QuoteLineKindSchema,
  description: text()
    .trim()
    .min(2, { error: 'Describe the work or the material' })
    .max(120, { error: 'Keep the description to 120 characters' }),
  /**
   * The service the line supplies, when it is not the request's own: a material's (Sand Services,
   * Cement…), whose HSN code and GST rate its invoice line takes. The request's service otherwise.
   */
  service: ServiceSchema.optional(),
  unit: QuoteUnitSchema,
  quantity: z.number({ error: 'Enter a quantity' }),
  unit_price_paise: PaiseSchema.refine((v) => v > 0, { error: 'Enter a unit price above zero' }),
})
export type QuoteLineBody = z.infer<typeof QuoteLineBodySchema>

/** A slot the quote proposes: taken at once when the customer accepts and the worker is still free. */
export const QuoteSlotBodySchema = z
  .strictObject({
    worker_id: z.number({ error: 'Choose a worker' }).int().min(1).max(MAX_ID),
    date: DateSchema,
    start_time: TimeSchema,
    end_time: TimeSchema,
  })
  .refine((s) => s.start_time < s.end_time, { error: 'The slot ends before it starts', path: ['end_time'] })
export type QuoteSlotBody = z.infer<typeof QuoteSlotBodySchema>

/**
 * POST /api/requests/{id}/quotes. Each line's quantity must suit its unit (whole bags, half hours,
 * cubic feet to two decimals; above zero; at most the unit's maximum) and its kind (labour in jobs,
 * hours, days or trips); each line and the whole quote must come to at least a paisa and at most what
 * one task may cost. Every refusal names its line. The server also checks the dates against today.
 */
export const CreateQuoteBodySchema = z
  .strictObject({
    /** The last day (India) the customer may accept it. */
    valid_until: DateSchema,
    note: text({ multiline: true }).trim().max(1000, { error: 'Keep the note to 1000 characters' }).optional(),
    /** A charge for coming to look or to work, besides the lines; 0 when none. */
    visit_charge_paise: PaiseSchema.default(0),
    slot: QuoteSlotBodySchema.optional(),
    lines: z
      .array(QuoteLineBodySchema)
      .min(1, { error: 'Add at least one line of labour or material' })
      .max(QUOTE_LINES_MAX, { error: `A quote has at most ${QUOTE_LINES_MAX} lines` }),
  })
  .superRefine((quote, ctx) => {
    const totals: number[] = []
    quote.lines.forEach((line, i) => {
      const name = `Line ${i + 1}`
      const problem = quantityProblem(line.unit, line.quantity)
      if (problem) {
        ctx.addIssue({ code: 'custom', path: ['lines', i, 'quantity'], message: `${name}: ${problem}` })
        return
      }
      if (!QUOTE_UNIT_RULES[line.unit].kinds.includes(line.kind)) {
        ctx.addIssue({
          code: 'custom',
          path: ['lines', i, 'unit'],
          message: `${name}: ${line.kind === 'labour' ? 'labour is' : 'a material is'} counted in ${unitsOfKind(line.kind)}`,
        })
        return
      }
      const total = lineTotalPaise(line.quantity, line.unit_price_paise)
      if (total < 1) {
        ctx.addIssue({ code: 'custom', path: ['lines', i, 'quantity'], message: `${name}: comes to less than a paisa` })
      } else if (!fitsOneTask(total)) {
        ctx.addIssue({
          code: 'custom',
          path: ['lines', i, 'unit_price_paise'],
          message: `${name}: comes to more than one task may cost (₹1,00,00,000)`,
        })
      }
      totals.push(total)
    })
    if (totals.length === quote.lines.length && !fitsOneTask(quoteTotalPaise(quote.visit_charge_paise, totals))) {
      ctx.addIssue({
        code: 'custom',
        path: ['lines'],
        message: 'The quote comes to more than one task may cost (₹1,00,00,000): split the work',
      })
    }
  })
export type CreateQuoteBody = z.infer<typeof CreateQuoteBodySchema>
export type CreateQuoteInput = z.input<typeof CreateQuoteBodySchema>

/** POST /api/quotes/{id}/decline: why, if the customer says. */
export const DeclineQuoteBodySchema = z.strictObject({
  reason: text({ multiline: true }).trim().max(500, { error: 'Keep the reason to 500 characters' }).optional(),
})
export type DeclineQuoteBody = z.infer<typeof DeclineQuoteBodySchema>

/** One line of a quote, as stored: its total computed once. */
export const QuoteLineSchema = z.object({
  position: z.number().int(),
  kind: QuoteLineKindSchema,
  description: z.string(),
  /** The service it supplies when not the request's own (English name, decision 048). */
  service: z.string().nullable(),
  unit: QuoteUnitSchema,
  quantity: z.number(),
  unit_price_paise: z.number().int(),
  total_paise: z.number().int(),
})
export type QuoteLine = z.infer<typeof QuoteLineSchema>

/** A quote, one version of it. */
export const QuoteSchema = z.object({
  id: z.number().int(),
  request_id: z.number().int(),
  /** 1, 2, 3… per request: the customer always sees which version they accepted. */
  version: z.number().int(),
  status: QuoteStatusSchema,
  valid_until: z.string(),
  note: z.string().nullable(),
  visit_charge_paise: z.number().int(),
  /** The proposed slot, with the worker's name; null when the office schedules after acceptance. */
  slot: z
    .object({
      worker_id: z.number().int(),
      worker_name: z.string(),
      date: z.string(),
      start_time: z.string(),
      end_time: z.string(),
    })
    .nullable(),
  lines: z.array(QuoteLineSchema),
  /** Visit charge + lines: what the customer will be asked to pay if they accept. */
  total_paise: z.number().int(),
  created_at: z.string(),
  /** Who in the office made it: their login for the staff, null for the customer. */
  created_by: z.string().nullable(),
  decided_at: z.string().nullable(),
  decline_reason: z.string().nullable(),
  /** Past its last day (India): it can no longer be accepted. */
  expired: z.boolean(),
  /** Whether the customer may accept or decline it now: sent, not expired, and the request still open. */
  can_decide: z.boolean(),
})
export type Quote = z.infer<typeof QuoteSchema>

/**
 * What the office's inbox shows of a request's latest quote (issue 22: the office is told when the
 * customer accepts or declines): its version, where it stands and its total.
 */
export const QuoteSummarySchema = QuoteSchema.pick({
  id: true,
  version: true,
  status: true,
  total_paise: true,
  valid_until: true,
  decided_at: true,
  decline_reason: true,
  expired: true,
})
export type QuoteSummary = z.infer<typeof QuoteSummarySchema>

export const RequestQuotesResponseSchema = z.object({ quotes: z.array(QuoteSchema) })
export type RequestQuotesResponse = z.infer<typeof RequestQuotesResponseSchema>

export const QuoteResponseSchema = MessageResponseSchema.extend({ quote: QuoteSchema })
export type QuoteResponse = z.infer<typeof QuoteResponseSchema>

export const AcceptQuoteResponseSchema = QuoteResponseSchema.extend({
  /** The task and booking made at once from the quote's slot; null when the office schedules it. */
  scheduled: z.object({ task_id: z.number().int(), assignment_id: z.number().int() }).nullable(),
  /** The quote proposed a slot that could not be booked any more (the worker is busy then, the day is past…). */
  slot_unavailable: z.boolean(),
})
export type AcceptQuoteResponse = z.infer<typeof AcceptQuoteResponseSchema>

const idParams = z.object({ id: IdParamSchema })

/** The quotes endpoints (issue 22, decision 061). */
export const quotesEndpoints = {
  createQuote: endpoint({
    method: 'POST',
    path: '/api/requests/:id/quotes',
    access: STAFF,
    tag: 'quotes',
    status: 201,
    idempotencyKey: 'optional',
    summary:
      "A new version of an open request's quote, sent to the customer (the waiting one before it is superseded); 409 once a quote of it is accepted",
    params: idParams,
    body: CreateQuoteBodySchema,
    response: QuoteResponseSchema,
  }),
  requestQuotes: endpoint({
    method: 'GET',
    path: '/api/requests/:id/quotes',
    access: ['customer', 'operator', 'admin'],
    tag: 'quotes',
    summary: "Every version of a request's quote, newest first, with its lines (staff, or the request's customer)",
    params: idParams,
    response: RequestQuotesResponseSchema,
  }),
  quotePdf: endpoint({
    method: 'GET',
    path: '/api/quotes/:id/pdf',
    access: ['customer', 'operator', 'admin'],
    tag: 'quotes',
    summary:
      "One version of a quote as a PDF to keep or share, in English or with the customer's language beside it (staff, or the request's customer)",
    params: idParams,
    query: InvoicePdfQuerySchema,
    response: PdfFileSchema,
  }),
  acceptQuote: endpoint({
    method: 'POST',
    path: '/api/quotes/:id/accept',
    access: ['customer'],
    tag: 'quotes',
    summary:
      "The request's customer accepts a waiting quote before its last day; scheduled at once when its slot's worker is still free",
    params: idParams,
    response: AcceptQuoteResponseSchema,
  }),
  declineQuote: endpoint({
    method: 'POST',
    path: '/api/quotes/:id/decline',
    access: ['customer'],
    tag: 'quotes',
    summary: "The request's customer declines a waiting quote, with an optional reason: the request is closed",
    params: idParams,
    body: DeclineQuoteBodySchema,
    response: QuoteResponseSchema,
  }),
} as const

export { quoteFileName, quotePdfPath } from './invoice-files'
