import type { QuoteLineKind, QuoteStatus, QuoteUnit, RequestState } from '@townworks/contract'
import { and, asc, desc, eq, inArray, max, ne } from 'drizzle-orm'
import type { DbOrTx } from '../../db/client'
import { quoteLines, quotes, serviceRequests, services, towns, users, workers } from '../../db/schema'

// Quotes and their lines (issue 22, decision 061): writes `quotes` and `quote_lines`; reads the
// request (its state and customer) and the names of the workers, services and staff they mention.

/** A quote as stored, with the names it mentions and the state of its request. */
export interface QuoteRow {
  id: number
  requestId: number
  requestState: RequestState
  customerId: number | null
  version: number
  status: QuoteStatus
  validUntil: string
  note: string | null
  visitChargePaise: number
  workerId: number | null
  workerName: string | null
  slotDate: string | null
  startTime: string | null
  endTime: string | null
  totalPaise: number
  createdAt: Date
  createdBy: number | null
  createdByLogin: string | null
  decidedAt: Date | null
  declineReason: string | null
}

export interface QuoteLineRow {
  position: number
  kind: QuoteLineKind
  description: string
  serviceId: number | null
  serviceName: string | null
  unit: QuoteUnit
  quantity: number
  unitPricePaise: number
  totalPaise: number
}

const rowColumns = {
  id: quotes.id,
  requestId: quotes.requestId,
  requestState: serviceRequests.state,
  customerId: serviceRequests.customerId,
  version: quotes.version,
  status: quotes.status,
  validUntil: quotes.validUntil,
  note: quotes.note,
  visitChargePaise: quotes.visitChargePaise,
  workerId: quotes.workerId,
  workerName: workers.name,
  slotDate: quotes.slotDate,
  startTime: quotes.startTime,
  endTime: quotes.endTime,
  totalPaise: quotes.totalPaise,
  createdAt: quotes.createdAt,
  createdBy: quotes.createdBy,
  createdByLogin: users.username,
  decidedAt: quotes.decidedAt,
  declineReason: quotes.declineReason,
}

function rowQuery(db: DbOrTx) {
  return db
    .select(rowColumns)
    .from(quotes)
    .innerJoin(serviceRequests, eq(serviceRequests.id, quotes.requestId))
    .leftJoin(workers, eq(workers.id, quotes.workerId))
    .leftJoin(users, eq(users.id, quotes.createdBy))
}

/** One quote, or undefined. */
export async function getQuote(db: DbOrTx, quoteId: number): Promise<QuoteRow | undefined> {
  const [row] = await rowQuery(db).where(eq(quotes.id, quoteId))
  return row
}

/** Every version of a request's quote, newest first. */
export async function quotesOfRequest(db: DbOrTx, requestId: number): Promise<QuoteRow[]> {
  return rowQuery(db).where(eq(quotes.requestId, requestId)).orderBy(desc(quotes.version))
}

/** For each of these requests, its latest version not superseded (at most one each). */
export async function latestShownOf(db: DbOrTx, requestIds: readonly number[]): Promise<QuoteRow[]> {
  if (requestIds.length === 0) return []
  return db
    .selectDistinctOn([quotes.requestId], rowColumns)
    .from(quotes)
    .innerJoin(serviceRequests, eq(serviceRequests.id, quotes.requestId))
    .leftJoin(workers, eq(workers.id, quotes.workerId))
    .leftJoin(users, eq(users.id, quotes.createdBy))
    .where(and(inArray(quotes.requestId, [...requestIds]), ne(quotes.status, 'superseded')))
    .orderBy(quotes.requestId, desc(quotes.version))
}

/** The lines of these quotes, in order. */
export async function linesOf(db: DbOrTx, quoteIds: readonly number[]): Promise<Map<number, QuoteLineRow[]>> {
  const out = new Map<number, QuoteLineRow[]>(quoteIds.map((id) => [id, []]))
  if (quoteIds.length === 0) return out
  const rows = await db
    .select({
      quoteId: quoteLines.quoteId,
      position: quoteLines.position,
      kind: quoteLines.kind,
      description: quoteLines.description,
      serviceId: quoteLines.serviceId,
      serviceName: services.name,
      unit: quoteLines.unit,
      quantity: quoteLines.quantity,
      unitPricePaise: quoteLines.unitPricePaise,
      totalPaise: quoteLines.totalPaise,
    })
    .from(quoteLines)
    .leftJoin(services, eq(services.id, quoteLines.serviceId))
    .where(inArray(quoteLines.quoteId, [...quoteIds]))
    .orderBy(asc(quoteLines.quoteId), asc(quoteLines.position))
  for (const { quoteId, ...line } of rows) out.get(quoteId)!.push(line)
  return out
}

/** The request a quote is for; undefined when there is no such quote. */
export async function requestOfQuote(db: DbOrTx, quoteId: number): Promise<number | undefined> {
  const [row] = await db.select({ requestId: quotes.requestId }).from(quotes).where(eq(quotes.id, quoteId))
  return row?.requestId
}

/** Who asked for a request (its customer's account, if any); undefined when there is no such request. */
export async function requestCustomer(
  db: DbOrTx,
  requestId: number,
): Promise<{ customerId: number | null } | undefined> {
  const [row] = await db
    .select({ customerId: serviceRequests.customerId })
    .from(serviceRequests)
    .where(eq(serviceRequests.id, requestId))
  return row
}

/** A quote's state, locked for the rest of the transaction (its request locked first). */
export async function lockQuote(
  tx: DbOrTx,
  quoteId: number,
): Promise<{ id: number; requestId: number; version: number; status: QuoteStatus; validUntil: string } | undefined> {
  const [row] = await tx
    .select({
      id: quotes.id,
      requestId: quotes.requestId,
      version: quotes.version,
      status: quotes.status,
      validUntil: quotes.validUntil,
    })
    .from(quotes)
    .where(eq(quotes.id, quoteId))
    .for('update')
  return row
}

/** The newest version of a request's quote (0 when none). */
export async function latestVersion(tx: DbOrTx, requestId: number): Promise<number> {
  const [row] = await tx
    .select({ version: max(quotes.version) })
    .from(quotes)
    .where(eq(quotes.requestId, requestId))
  return row?.version ?? 0
}

/** The version a request's quote accepted, if one was. */
export async function acceptedOf(tx: DbOrTx, requestId: number): Promise<QuoteRow | undefined> {
  const [row] = await rowQuery(tx).where(and(eq(quotes.requestId, requestId), eq(quotes.status, 'accepted')))
  return row
}

/** The quote an Idempotency-Key made for a request, if it made one. */
export async function idOfKey(tx: DbOrTx, requestId: number, key: string): Promise<number | undefined> {
  const [row] = await tx
    .select({ id: quotes.id })
    .from(quotes)
    .where(and(eq(quotes.requestId, requestId), eq(quotes.idempotencyKey, key)))
  return row?.id
}

/** The version waiting for the customer, if any, is superseded (a newer one is being sent). */
export async function supersedeWaiting(tx: DbOrTx, requestId: number): Promise<void> {
  await tx
    .update(quotes)
    .set({ status: 'superseded' })
    .where(and(eq(quotes.requestId, requestId), eq(quotes.status, 'sent')))
}

export interface NewQuote {
  requestId: number
  version: number
  validUntil: string
  note: string | null
  visitChargePaise: number
  workerId: number | null
  slotDate: string | null
  startTime: string | null
  endTime: string | null
  totalPaise: number
  idempotencyKey: string | null
  createdBy: number
}

export interface NewQuoteLine {
  kind: QuoteLineKind
  description: string
  serviceId: number | null
  unit: QuoteUnit
  quantity: number
  unitPricePaise: number
  totalPaise: number
}

/** Store a quote (status `sent`) and its lines, numbered from 1 in the order given; answers its id. */
export async function insertQuote(tx: DbOrTx, quote: NewQuote, lines: readonly NewQuoteLine[]): Promise<number> {
  const [row] = await tx
    .insert(quotes)
    .values({ ...quote, status: 'sent' })
    .returning({ id: quotes.id })
  const id = row!.id
  await tx.insert(quoteLines).values(lines.map((line, i) => ({ ...line, quoteId: id, position: i + 1 })))
  return id
}

/** Record the customer's decision on a quote. */
export async function decide(
  tx: DbOrTx,
  quoteId: number,
  decision: { status: 'accepted' | 'declined'; at: Date; by: number; declineReason: string | null },
): Promise<void> {
  await tx
    .update(quotes)
    .set({
      status: decision.status,
      decidedAt: decision.at,
      decidedBy: decision.by,
      declineReason: decision.declineReason,
    })
    .where(eq(quotes.id, quoteId))
}

/** What a quote's document prints of its request: who asked, for what, where and when, with the names in each language. */
export async function requestForDocument(db: DbOrTx, requestId: number) {
  const [row] = await db
    .select({
      name: serviceRequests.name,
      phone: serviceRequests.phone,
      serviceDate: serviceRequests.serviceDate,
      service: { en: services.name, te: services.nameTe, hi: services.nameHi },
      town: { en: towns.name, te: towns.nameTe, hi: towns.nameHi },
    })
    .from(serviceRequests)
    .innerJoin(services, eq(services.id, serviceRequests.serviceId))
    .innerJoin(towns, eq(towns.id, serviceRequests.townId))
    .where(eq(serviceRequests.id, requestId))
  return row
}
