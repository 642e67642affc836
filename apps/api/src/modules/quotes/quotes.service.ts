import {
  formatDate,
  lineTotalPaise,
  quantityInEnglish,
  QUOTE_VALID_DAYS_MAX,
  quoteTotalPaise,
  type AcceptQuoteResponse,
  type CreateQuoteBody,
  type DeclineQuoteBody,
  type Quote,
  type QuoteRefusal,
  type QuoteSummary,
  type QuoteResponse,
  type RequestQuotesResponse,
  type RequestState,
} from '@townworks/contract'
import type { DbOrTx } from '../../db/client'
import { transactionWithRetry } from '../../db/transaction'
import { AppError, invalidInput, notFound } from '../../shared/app-error'
import type { AuthUser, Ctx } from '../../shared/context'
import { addDays, todayInIndia } from '../../shared/dates'
import * as notificationsService from '../notifications/notifications.service'
import * as paymentsService from '../payments/payments.service'
import * as referenceService from '../reference/reference.service'
import * as requestsService from '../requests/requests.service'
import * as workersService from '../workers/workers.service'
import * as quotesRepository from './quotes.repository'

// Quotes the customer approves (issue 22, decision 061). The office sends a version; the request's
// customer accepts or declines it; an accepted quote becomes the task's charges when the request is
// scheduled (at once from its slot, or later by the office through POST /api/schedule).
//
// This module builds on requests (it locks them and closes a declined one) and is built on by
// assignments (scheduling charges the accepted quote). Two things it needs from above are handed in by
// its routes: the booking of a slot (assignments), and My requests asks it for each request's quote.

/** What the quotes need from outside: the clock a quote's last day is read by (tests move it). */
export interface QuotesDeps {
  now: () => Date
}

const STAFF_ROLES = new Set(['operator', 'admin'])
const isStaff = (user: AuthUser) => STAFF_ROLES.has(user.role)

function userOf(ctx: Ctx): AuthUser {
  if (!ctx.user) throw new AppError('UNAUTHENTICATED', 'Please log in to continue')
  return ctx.user
}

const refusal = (reason: QuoteRefusal, message: string) => new AppError('CONFLICT', message, { details: { reason } })

/** A request that is not open, in the customer's words. */
const notOpen = (state: RequestState) =>
  refusal(
    'request_not_open',
    state === 'scheduled' ? 'This request is already scheduled' : 'This request is closed: ask the office again',
  )

// Reading.

/** A stored quote as the wire has it; `staff` see who made it, a customer never sees a login. */
function toQuote(
  row: quotesRepository.QuoteRow,
  lines: readonly quotesRepository.QuoteLineRow[],
  view: { staff: boolean; today: string },
): Quote {
  const expired = row.validUntil < view.today
  return {
    id: row.id,
    request_id: row.requestId,
    version: row.version,
    status: row.status,
    valid_until: row.validUntil,
    note: row.note,
    visit_charge_paise: row.visitChargePaise,
    slot:
      row.workerId !== null &&
      row.workerName !== null &&
      row.slotDate !== null &&
      row.startTime !== null &&
      row.endTime !== null
        ? {
            worker_id: row.workerId,
            worker_name: row.workerName,
            date: row.slotDate,
            start_time: row.startTime,
            end_time: row.endTime,
          }
        : null,
    lines: lines.map((l) => ({
      position: l.position,
      kind: l.kind,
      description: l.description,
      service: l.serviceName,
      unit: l.unit,
      quantity: l.quantity,
      unit_price_paise: l.unitPricePaise,
      total_paise: l.totalPaise,
    })),
    total_paise: row.totalPaise,
    created_at: row.createdAt.toISOString(),
    created_by: view.staff ? row.createdByLogin : null,
    decided_at: row.decidedAt?.toISOString() ?? null,
    decline_reason: row.declineReason,
    expired,
    can_decide: row.status === 'sent' && row.requestState === 'open' && !expired,
  }
}

async function quotesWithLines(
  db: DbOrTx,
  rows: readonly quotesRepository.QuoteRow[],
  view: { staff: boolean; today: string },
): Promise<Quote[]> {
  const lines = await quotesRepository.linesOf(
    db,
    rows.map((r) => r.id),
  )
  return rows.map((r) => toQuote(r, lines.get(r.id) ?? [], view))
}

async function oneQuote(db: DbOrTx, quoteId: number, view: { staff: boolean; today: string }): Promise<Quote> {
  const row = await quotesRepository.getQuote(db, quoteId)
  if (!row) throw notFound('Quote')
  const [quote] = await quotesWithLines(db, [row], view)
  return quote!
}

/**
 * GET /api/requests/{id}/quotes: every version, newest first, for the staff and for the request's own
 * customer; anyone else is told there is no such request.
 */
export async function listRequestQuotes(ctx: Ctx, deps: QuotesDeps, requestId: number): Promise<RequestQuotesResponse> {
  const user = userOf(ctx)
  const db = ctx.database.db
  const request = await quotesRepository.requestCustomer(db, requestId)
  if (!request || (!isStaff(user) && request.customerId !== user.id)) throw notFound('Request')
  const rows = await quotesRepository.quotesOfRequest(db, requestId)
  return { quotes: await quotesWithLines(db, rows, { staff: isStaff(user), today: todayInIndia(deps.now()) }) }
}

/** One version of a quote, for the staff and the request's own customer; anyone else: no such quote (404). */
export async function oneQuoteFor(ctx: Ctx, deps: QuotesDeps, quoteId: number): Promise<Quote> {
  const user = userOf(ctx)
  const db = ctx.database.db
  const requestId = await quotesRepository.requestOfQuote(db, quoteId)
  const request = requestId === undefined ? undefined : await quotesRepository.requestCustomer(db, requestId)
  if (!request || (!isStaff(user) && request.customerId !== user.id)) throw notFound('Quote')
  return oneQuote(db, quoteId, { staff: isStaff(user), today: todayInIndia(deps.now()) })
}

/** Each request's latest quote not superseded (waiting, accepted or declined), with its lines, as `staff` or the customer sees it. */
async function latestQuotes(ctx: Ctx, deps: QuotesDeps, requestIds: readonly number[], staff: boolean) {
  const db = ctx.database.db
  const rows = await quotesRepository.latestShownOf(db, requestIds)
  return quotesWithLines(db, rows, { staff, today: todayInIndia(deps.now()) })
}

/** The quote My requests shows on each of the customer's requests. Requests without one are not in the map. */
export async function quotesToShow(
  ctx: Ctx,
  deps: QuotesDeps,
  requestIds: readonly number[],
): Promise<Map<number, Quote>> {
  const quotes = await latestQuotes(ctx, deps, requestIds, false)
  return new Map(quotes.map((q) => [q.request_id, q]))
}

/**
 * The office's inbox (issue 22): each request's latest quote as a summary, so an acceptance or a
 * decline shows on its row.
 */
export async function latestQuotesOf(
  ctx: Ctx,
  deps: QuotesDeps,
  requestIds: readonly number[],
): Promise<Map<number, QuoteSummary>> {
  const quotes = await latestQuotes(ctx, deps, requestIds, true)
  return new Map(
    quotes.map((q) => [
      q.request_id,
      {
        id: q.id,
        version: q.version,
        status: q.status,
        total_paise: q.total_paise,
        valid_until: q.valid_until,
        decided_at: q.decided_at,
        decline_reason: q.decline_reason,
        expired: q.expired,
      },
    ]),
  )
}

// Making a quote.

/**
 * POST /api/requests/{id}/quotes: a new version, `sent`, and the message that tells the customer.
 * The version waiting before it is superseded. Refused (409) when the request is no longer open or a
 * quote of it is accepted already. Every line's service must be one we offer (400 naming the line);
 * a proposed slot must be bookable now (the scheduling check: the worker offers the request's service
 * in its town, works then and is free). With an Idempotency-Key, a repeat answers the version made.
 */
export async function createQuote(
  ctx: Ctx,
  deps: QuotesDeps,
  requestId: number,
  body: CreateQuoteBody,
  idempotencyKey?: string,
): Promise<QuoteResponse> {
  const user = userOf(ctx)
  const today = todayInIndia(deps.now())
  if (body.valid_until < today) throw invalidInput('valid_until', 'Choose today or a later day')
  if (body.valid_until > addDays(today, QUOTE_VALID_DAYS_MAX)) {
    throw invalidInput('valid_until', `A quote may stay valid for at most ${QUOTE_VALID_DAYS_MAX} days`)
  }
  if (body.slot && body.slot.date < today) throw invalidInput('slot.date', 'The slot is in the past')
  const totals = body.lines.map((l) => lineTotalPaise(l.quantity, l.unit_price_paise))
  const totalPaise = quoteTotalPaise(body.visit_charge_paise, totals)

  const made = await transactionWithRetry(ctx.database.db, async (tx) => {
    // The request first: quotes of one request are made and decided one at a time.
    const request = await requestsService.lockRequest(tx, requestId)
    if (!request) throw notFound('Request')
    const earlier = idempotencyKey ? await quotesRepository.idOfKey(tx, requestId, idempotencyKey) : undefined
    if (earlier !== undefined) return { id: earlier, replayed: true }
    if (request.state !== 'open') {
      throw refusal('request_not_open', `This request is already ${request.state}: only an open request gets a quote`)
    }
    const accepted = await quotesRepository.acceptedOf(tx, requestId)
    if (accepted) {
      throw refusal(
        'quote_accepted',
        `The customer has already accepted quote v${accepted.version}: schedule the request, and change the task's charges with a reason if needed`,
      )
    }
    const serviceIds = await lineServiceIds(tx, body)
    if (body.slot) {
      await slotBookable(tx, {
        workerId: body.slot.worker_id,
        serviceId: request.serviceId,
        townId: request.townId,
        date: body.slot.date,
        startTime: body.slot.start_time,
        endTime: body.slot.end_time,
      })
    }
    await quotesRepository.supersedeWaiting(tx, requestId)
    const version = (await quotesRepository.latestVersion(tx, requestId)) + 1
    const id = await quotesRepository.insertQuote(
      tx,
      {
        requestId,
        version,
        validUntil: body.valid_until,
        note: body.note ? body.note : null,
        visitChargePaise: body.visit_charge_paise,
        workerId: body.slot?.worker_id ?? null,
        slotDate: body.slot?.date ?? null,
        startTime: body.slot?.start_time ?? null,
        endTime: body.slot?.end_time ?? null,
        totalPaise,
        idempotencyKey: idempotencyKey ?? null,
        createdBy: user.id,
      },
      body.lines.map((l, i) => ({
        kind: l.kind,
        description: l.description,
        serviceId: serviceIds[i] ?? null,
        unit: l.unit,
        quantity: l.quantity,
        unitPricePaise: l.unit_price_paise,
        totalPaise: totals[i]!,
      })),
    )
    await notificationsService.notifyQuoteSent(tx, ctx.messaging, {
      id,
      requestId,
      totalPaise,
      validUntil: body.valid_until,
    })
    return { id, replayed: false }
  })
  const quote = await oneQuote(ctx.database.db, made.id, { staff: true, today })
  return {
    message: made.replayed
      ? `Quote v${quote.version} was already sent`
      : `Quote v${quote.version} sent to the customer`,
    quote,
  }
}

/** The id of each line's own service (an active one we offer), undefined where the line names none. */
async function lineServiceIds(tx: DbOrTx, body: CreateQuoteBody): Promise<(number | undefined)[]> {
  const ids: (number | undefined)[] = []
  for (const [i, line] of body.lines.entries()) {
    if (line.service === undefined) {
      ids.push(undefined)
      continue
    }
    try {
      ids.push((await referenceService.namedPlaceForNewWork(tx, { service: line.service })).serviceId)
    } catch (error) {
      if (error instanceof AppError && error.code === 'VALIDATION_FAILED') {
        throw invalidInput(`lines.${i}.service`, `Line ${i + 1}: ${error.message}`)
      }
      throw error
    }
  }
  return ids
}

/** The scheduling check on a proposed slot, its refusal naming the slot's worker. */
async function slotBookable(tx: DbOrTx, slot: workersService.BookingSlot): Promise<void> {
  try {
    await workersService.assertWorkerBookable(tx, slot)
  } catch (error) {
    if (!(error instanceof AppError)) throw error
    throw new AppError(error.code, error.message, {
      ...error.extra,
      issues: (error.extra.issues ?? []).map((issue) => ({ ...issue, path: 'slot.worker_id' })),
    })
  }
}

// The customer's decision.

/**
 * The quote a customer decides on, in the deciding transaction: its request locked first (as making a
 * quote does), then the quote. Only the request's customer may (anyone else: 404); only a waiting
 * version of an open request (409, in words).
 */
async function decidable(tx: DbOrTx, user: AuthUser, quoteId: number) {
  const requestId = await quotesRepository.requestOfQuote(tx, quoteId)
  const request = requestId === undefined ? undefined : await requestsService.lockRequest(tx, requestId)
  if (!request || request.customerId !== user.id) throw notFound('Quote')
  const quote = (await quotesRepository.lockQuote(tx, quoteId))!
  if (quote.status === 'accepted') throw refusal('already_accepted', 'You have already accepted this quote')
  if (quote.status === 'declined') throw refusal('already_declined', 'You have already declined this quote')
  if (quote.status === 'superseded') {
    const latest = await quotesRepository.latestVersion(tx, request.id)
    throw refusal(
      'superseded',
      `The office sent a newer version of this quote (v${latest}): accept or decline that one`,
    )
  }
  if (request.state !== 'open') throw notOpen(request.state)
  return quote
}

/** A quote's slot, as the scheduling code books it (the assignments module's, handed in by the route). */
export interface QuotedSlot {
  requestId: number
  workerId: number
  date: string
  startTime: string
  endTime: string
  /** The task's name and description, as the office would type them in the schedule form. */
  taskName: string
  serviceDesc: string
  /** Who the booking is recorded as made by: the office person who wrote the quote (they proposed the slot). */
  byUserId: number
}

/** Books a quote's slot through POST /api/schedule's own code; throws an AppError when it cannot. */
export type BookQuotedSlot = (slot: QuotedSlot) => Promise<{ taskId: number; assignmentId: number }>

/**
 * POST /api/quotes/{id}/accept: the request's customer accepts a waiting quote on or before its last
 * day (Asia/Kolkata, by the app's clock); not twice, not a superseded or declined one. The acceptance
 * is stored first. Then, when the quote carries a slot, `book` schedules the request at once (the
 * worker still free then, the day not past: the scheduling code's own checks); when it cannot, the
 * acceptance stands and the office schedules, as for a quote without a slot.
 */
export async function acceptQuote(
  ctx: Ctx,
  deps: QuotesDeps,
  quoteId: number,
  book: BookQuotedSlot,
): Promise<AcceptQuoteResponse> {
  const user = userOf(ctx)
  const db = ctx.database.db
  await transactionWithRetry(db, async (tx) => {
    const quote = await decidable(tx, user, quoteId)
    if (quote.validUntil < todayInIndia(deps.now())) {
      throw refusal(
        'expired',
        `This quote was valid until ${formatDate(quote.validUntil, 'en')}: ask the office for a new one`,
      )
    }
    await quotesRepository.decide(tx, quoteId, { status: 'accepted', at: deps.now(), by: user.id, declineReason: null })
  })
  const accepted = (await quotesRepository.getQuote(db, quoteId))!
  let scheduled: AcceptQuoteResponse['scheduled'] = null
  let slotUnavailable = false
  if (accepted.workerId !== null && accepted.slotDate !== null && accepted.startTime && accepted.endTime) {
    const request = await requestsService.getRequest(ctx, accepted.requestId)
    try {
      const booked = await book({
        requestId: accepted.requestId,
        workerId: accepted.workerId,
        date: accepted.slotDate,
        startTime: accepted.startTime,
        endTime: accepted.endTime,
        taskName: `${request.service} for ${request.name}`,
        serviceDesc: request.description ?? '',
        byUserId: accepted.createdBy ?? user.id,
      })
      scheduled = { task_id: booked.taskId, assignment_id: booked.assignmentId }
    } catch (error) {
      // Busy then, no longer offering the service, the day past, the request scheduled meanwhile…
      if (!(error instanceof AppError)) throw error
      slotUnavailable = true
    }
  }
  const quote = await oneQuote(db, quoteId, { staff: false, today: todayInIndia(deps.now()) })
  return {
    message: scheduled
      ? `Quote v${quote.version} accepted: the work is booked`
      : slotUnavailable
        ? `Quote v${quote.version} accepted. The time it proposed is no longer free: the office will call you to fix another`
        : `Quote v${quote.version} accepted: the office will call you to fix a time`,
    quote,
    scheduled,
    slot_unavailable: slotUnavailable,
  }
}

/**
 * POST /api/quotes/{id}/decline: the request's customer declines a waiting quote (expired or not),
 * with a reason if they give one; the request is closed as rejected, recorded as the customer's decline.
 */
export async function declineQuote(
  ctx: Ctx,
  deps: QuotesDeps,
  quoteId: number,
  body: DeclineQuoteBody,
): Promise<QuoteResponse> {
  const user = userOf(ctx)
  const reason = body.reason ? body.reason : null
  await transactionWithRetry(ctx.database.db, async (tx) => {
    const quote = await decidable(tx, user, quoteId)
    await quotesRepository.decide(tx, quoteId, {
      status: 'declined',
      at: deps.now(),
      by: user.id,
      declineReason: reason,
    })
    await requestsService.closeDeclinedRequest(tx, quote.requestId, reason)
  })
  const quote = await oneQuote(ctx.database.db, quoteId, { staff: false, today: todayInIndia(deps.now()) })
  return { message: `Quote v${quote.version} declined: the request is closed`, quote }
}

// Scheduling an accepted quote.

/** What an accepted quote charges: the task's price (its visit charge) and one line item per line. */
export interface QuotedCharges {
  version: number
  pricePaise: number
  lineItems: paymentsService.QuotedLineItem[]
}

/**
 * The charges of a request's accepted quote, for the task the request is being scheduled into (POST
 * /api/schedule, in its transaction, the request locked); undefined when no quote of it is accepted.
 */
export async function acceptedCharges(tx: DbOrTx, requestId: number): Promise<QuotedCharges | undefined> {
  const quote = await quotesRepository.acceptedOf(tx, requestId)
  if (!quote) return undefined
  const lines = (await quotesRepository.linesOf(tx, [quote.id])).get(quote.id) ?? []
  return {
    version: quote.version,
    pricePaise: quote.visitChargePaise,
    lineItems: lines.map((l) => ({
      // "Sand — 2 tractor loads"; a single fixed-price job is its description alone.
      description:
        l.unit === 'job' && l.quantity === 1
          ? l.description
          : `${l.description} — ${quantityInEnglish(l.quantity, l.unit)}`,
      amountPaise: l.totalPaise,
      quantity: l.quantity,
      unit: l.unit,
      serviceId: l.serviceId,
    })),
  }
}

/**
 * Charge a task as its accepted quote says, in the scheduling transaction: each line a line item with
 * "Quote v{n} accepted" as its reason. With the price set to the visit charge when the task was made,
 * the task owes the quote's total exactly.
 */
export async function chargeAsQuoted(
  tx: DbOrTx,
  taskId: number,
  charges: QuotedCharges,
  byUserId: number,
): Promise<void> {
  await paymentsService.addQuotedLineItems(
    tx,
    taskId,
    charges.lineItems,
    `Quote v${charges.version} accepted`,
    byUserId,
  )
}
