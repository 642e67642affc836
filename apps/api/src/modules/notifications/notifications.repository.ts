import type {
  Channel,
  Language,
  Notification,
  NotificationsQuery,
  NotificationState,
  TaskStatus,
} from '@townworks/contract'
import { RESENDABLE_NOTIFICATION_STATES } from '@townworks/contract/constants'
import { and, asc, count, desc, eq, inArray, lt, lte, ne, or, sql } from 'drizzle-orm'
import type { DbOrTx } from '../../db/client'
import { EXPORT_BATCH } from '../../db/export'
import {
  assignments,
  notifications,
  serviceRequests,
  services,
  taskStartCodes,
  tasks,
  towns,
  users,
  workers,
} from '../../db/schema'

type Row = typeof notifications.$inferSelect

function toNotification(r: Row): Notification {
  return {
    id: r.id,
    event: r.event,
    channel: r.channel,
    to: r.to,
    body: r.body,
    state: r.state,
    attempts: r.attempts,
    next_attempt_at: r.nextAttemptAt.toISOString(),
    last_error: r.lastError,
    provider_id: r.providerId,
    dlt_template_id: r.dltTemplateId,
    created_at: r.createdAt.toISOString(),
    sent_at: r.sentAt ? r.sentAt.toISOString() : null,
    task_id: r.taskId,
  }
}

export interface NewNotification {
  event: string
  channel: Channel
  to: string
  body: string
  messageKey: string
  recipientUserId: number | null
  dltTemplateId: string | null
  dltEntityId: string | null
  /** A message that can never be sent (say, a stored number that is not a mobile) is written as failed. */
  failedWith?: string
  /** The task it is about, if any. */
  taskId?: number | null
}

/**
 * Write a message to the outbox. The message key is unique: writing the same key again changes
 * nothing and answers the message already there.
 */
export async function insertNotification(
  db: DbOrTx,
  n: NewNotification,
): Promise<{ id: number; state: NotificationState; created: boolean }> {
  const [row] = await db
    .insert(notifications)
    .values({
      event: n.event,
      channel: n.channel,
      to: n.to,
      body: n.body,
      messageKey: n.messageKey,
      recipientUserId: n.recipientUserId,
      dltTemplateId: n.dltTemplateId,
      dltEntityId: n.dltEntityId,
      taskId: n.taskId ?? null,
      ...(n.failedWith ? { state: 'failed' as const, lastError: n.failedWith } : {}),
    })
    .onConflictDoNothing({ target: notifications.messageKey })
    .returning({ id: notifications.id, state: notifications.state })
  if (row) return { ...row, created: true }
  const [existing] = await db
    .select({ id: notifications.id, state: notifications.state })
    .from(notifications)
    .where(eq(notifications.messageKey, n.messageKey))
  return { ...existing!, created: false }
}

/**
 * Write a message that its writer sends itself, at once (a one-time code): `sending`, attempt 1,
 * held until `leaseUntil`; `finish(id, 1, …)` records the outcome.
 */
export async function insertSendingNotification(
  db: DbOrTx,
  n: Omit<NewNotification, 'failedWith' | 'taskId'>,
  leaseUntil: Date,
): Promise<{ id: number; createdAt: Date }> {
  const [row] = await db
    .insert(notifications)
    .values({ ...n, state: 'sending', attempts: 1, nextAttemptAt: leaseUntil })
    .returning({ id: notifications.id, createdAt: notifications.createdAt })
  return row!
}

/** A message taken by a dispatcher: its fields, and the attempt number that fences its outcome. */
export interface ClaimedNotification {
  id: number
  event: string
  channel: Channel
  to: string
  body: string
  messageKey: string
  recipientUserId: number | null
  dltTemplateId: string | null
  dltEntityId: string | null
  attempt: number
  createdAt: Date
  /** It was `sending` when taken: a dispatcher died with it, and it may have reached the provider. */
  recovered: boolean
}

/**
 * Take up to `limit` due messages: queued ones whose time has come, and `sending` ones whose lease
 * ran out. `FOR UPDATE SKIP LOCKED` lets several dispatchers on one PostgreSQL take disjoint sets;
 * the rows leave as `sending` with a new lease, so no one else takes them until it expires.
 */
export async function claimDue(
  db: DbOrTx,
  opts: { now: Date; leaseUntil: Date; limit: number },
): Promise<ClaimedNotification[]> {
  const due = db
    .select({ id: notifications.id })
    .from(notifications)
    .where(and(inArray(notifications.state, ['queued', 'sending']), lte(notifications.nextAttemptAt, opts.now)))
    .orderBy(asc(notifications.nextAttemptAt), asc(notifications.id))
    .limit(opts.limit)
    .for('update', { skipLocked: true })
  const rows = await db
    .update(notifications)
    .set({
      state: 'sending',
      attempts: sql`${notifications.attempts} + 1`,
      nextAttemptAt: opts.leaseUntil,
      // SET reads the old row: a message that was already `sending` was left by a dispatcher that died.
      lastError: sql`case when ${notifications.state} = 'sending' then ${RECOVERED} else ${notifications.lastError} end`,
    })
    .where(and(inArray(notifications.id, due), inArray(notifications.state, ['queued', 'sending'])))
    .returning()
  return rows
    .sort((a, b) => a.id - b.id)
    .map((r) => ({
      id: r.id,
      event: r.event,
      channel: r.channel,
      to: r.to,
      body: r.body,
      messageKey: r.messageKey,
      recipientUserId: r.recipientUserId,
      dltTemplateId: r.dltTemplateId,
      dltEntityId: r.dltEntityId,
      attempt: r.attempts,
      createdAt: r.createdAt,
      recovered: r.lastError === RECOVERED,
    }))
}

/** last_error of a message taken again after its dispatcher's lease ran out (replaced by the outcome). */
export const RECOVERED = 'lease expired: the dispatcher stopped before recording the outcome'

/** Record an outcome, only if this dispatcher still holds the message (same attempt, still sending). */
export async function finish(
  db: DbOrTx,
  id: number,
  attempt: number,
  outcome:
    | { state: 'sent'; providerId: string; at: Date }
    | { state: 'queued'; error: string; nextAttemptAt: Date }
    | { state: 'failed' | 'held' | 'suppressed'; error: string },
): Promise<boolean> {
  const set =
    outcome.state === 'sent'
      ? { state: 'sent' as const, providerId: outcome.providerId, sentAt: outcome.at, lastError: null }
      : outcome.state === 'queued'
        ? { state: 'queued' as const, lastError: outcome.error, nextAttemptAt: outcome.nextAttemptAt }
        : { state: outcome.state, lastError: outcome.error }
  const rows = await db
    .update(notifications)
    .set(set)
    .where(and(eq(notifications.id, id), eq(notifications.state, 'sending'), eq(notifications.attempts, attempt)))
    .returning({ id: notifications.id })
  return rows.length === 1
}

export async function getNotification(db: DbOrTx, id: number): Promise<Notification | undefined> {
  const [row] = await db.select().from(notifications).where(eq(notifications.id, id))
  return row ? toNotification(row) : undefined
}

/**
 * The messages about a task, oldest first: those written for it, and the request-received message
 * of the request it came from (keyed by the request, written before the task existed).
 */
export async function listTaskNotifications(
  db: DbOrTx,
  taskId: number,
  requestId: number | null,
  limit = 200,
): Promise<Notification[]> {
  const rows = await db
    .select()
    .from(notifications)
    .where(
      requestId === null
        ? eq(notifications.taskId, taskId)
        : or(eq(notifications.taskId, taskId), eq(notifications.messageKey, `request_received:r${requestId}`)),
    )
    .orderBy(asc(notifications.id))
    .limit(limit)
  return rows.map(toNotification)
}

/** A worker's name and how to reach them (for a message to a worker no longer on a task). */
export async function workerContact(
  db: DbOrTx,
  workerId: number,
): Promise<{ workerId: number; name: string; phone: string; userId: number | null; language: Language } | undefined> {
  const [row] = await db
    .select({
      workerId: workers.id,
      name: workers.name,
      phone: workers.phone,
      userId: workers.userId,
      language: users.language,
    })
    .from(workers)
    .leftJoin(users, eq(users.id, workers.userId))
    .where(eq(workers.id, workerId))
  return row ? { ...row, language: row.language ?? 'en' } : undefined
}

/** The outbox, newest first. */
export async function listNotifications(
  db: DbOrTx,
  query: NotificationsQuery,
): Promise<{ notifications: Notification[]; total: number }> {
  const where = query.state ? eq(notifications.state, query.state) : undefined
  const [totalRow] = await db.select({ n: count() }).from(notifications).where(where)
  const rows = await db
    .select()
    .from(notifications)
    .where(where)
    .orderBy(desc(notifications.createdAt), desc(notifications.id))
    .limit(query.pageSize)
    .offset((query.page - 1) * query.pageSize)
  return { notifications: rows.map(toNotification), total: totalRow?.n ?? 0 }
}

/**
 * Every outbox message of the chosen state, newest first, in batches read by id (keyset): the CSV
 * export streams an outbox of any size in constant memory (decision 045).
 */
export async function* exportNotificationBatches(
  db: DbOrTx,
  query: Pick<NotificationsQuery, 'state'>,
  batchSize = EXPORT_BATCH,
): AsyncGenerator<Notification[]> {
  let before: number | undefined
  for (;;) {
    const rows = await db
      .select()
      .from(notifications)
      .where(
        and(
          query.state ? eq(notifications.state, query.state) : undefined,
          before === undefined ? undefined : lt(notifications.id, before),
        ),
      )
      .orderBy(desc(notifications.id))
      .limit(batchSize)
    if (rows.length === 0) return
    yield rows.map(toNotification)
    if (rows.length < batchSize) return
    before = rows.at(-1)!.id
  }
}

/**
 * Queue a message that was not sent (failed, held or suppressed) again, keeping its attempts;
 * undefined when it is in another state (or missing).
 */
export async function requeueUnsent(db: DbOrTx, id: number, now: Date): Promise<Notification | undefined> {
  const [row] = await db
    .update(notifications)
    .set({ state: 'queued', nextAttemptAt: now })
    .where(
      and(
        eq(notifications.id, id),
        inArray(notifications.state, [...RESENDABLE_NOTIFICATION_STATES]),
        ne(notifications.event, 'login_code'),
      ),
    )
    .returning()
  return row ? toNotification(row) : undefined
}

/** The last ten digits of a stored phone number, whatever its format. */
const last10 = (column: typeof users.phone | typeof workers.phone) =>
  sql`right(regexp_replace(${column}, '[^0-9]', '', 'g'), 10)`

/**
 * Whether the person a message is for has turned its channel off: the named recipient, or else
 * anyone whose login or worker profile has that number.
 */
export async function isOptedOut(
  db: DbOrTx,
  recipient: { userId: number | null; to: string; channel: Channel },
): Promise<boolean> {
  const column = recipient.channel === 'sms' ? users.smsOptOut : users.whatsappOptOut
  if (recipient.userId !== null) {
    const [row] = await db.select({ out: column }).from(users).where(eq(users.id, recipient.userId))
    return row?.out ?? false
  }
  const digits = recipient.to.replace(/\D/g, '').slice(-10)
  const [row] = await db
    .select({ n: count() })
    .from(users)
    .leftJoin(workers, eq(workers.userId, users.id))
    .where(
      and(eq(column, true), or(sql`${last10(users.phone)} = ${digits}`, sql`${last10(workers.phone)} = ${digits}`)),
    )
  return (row?.n ?? 0) > 0
}

export async function languageOf(db: DbOrTx, userId: number | null): Promise<Language> {
  if (userId === null) return 'en'
  const [row] = await db.select({ language: users.language }).from(users).where(eq(users.id, userId))
  return row?.language ?? 'en'
}

export interface Contact {
  phone: string
  userId: number | null
  language: Language
}

export interface WorkerContact extends Contact {
  assignmentId: number
  workerId: number
  name: string
  date: string
  time: string
  town: string
  /** The task's service in the worker's language; empty when the task names none. */
  service: string
}

/** A town's or service's name in a language, from its row (decision 048); English where none is given. */
function nameIn(language: Language, row: { name: string | null; nameTe: string | null; nameHi: string | null }) {
  return ({ en: row.name, te: row.nameTe, hi: row.nameHi } as const)[language] || row.name || ''
}

/** A service's name in a language, for a message (decision 048). */
export async function serviceNameIn(db: DbOrTx, serviceId: number, language: Language): Promise<string> {
  const [row] = await db
    .select({ name: services.name, nameTe: services.nameTe, nameHi: services.nameHi })
    .from(services)
    .where(eq(services.id, serviceId))
  return row ? nameIn(language, row) : ''
}

/**
 * Who asked for a request, and how to reach them: its number, the account that holds it (if any) and
 * the language for messages about it (the one they used for it, else their account's).
 */
export async function requestContact(db: DbOrTx, requestId: number): Promise<Contact | undefined> {
  const [row] = await db
    .select({
      phone: serviceRequests.phone,
      customerId: serviceRequests.customerId,
      requestLanguage: serviceRequests.language,
      accountLanguage: users.language,
    })
    .from(serviceRequests)
    .leftJoin(users, eq(users.id, serviceRequests.customerId))
    .where(eq(serviceRequests.id, requestId))
  if (!row) return undefined
  return { phone: row.phone, userId: row.customerId, language: row.requestLanguage ?? row.accountLanguage ?? 'en' }
}

/** Who a task concerns: the customer of its request, and the workers of its assignments that are not cancelled. */
export async function taskContacts(
  db: DbOrTx,
  taskId: number,
): Promise<
  | {
      taskId: number
      taskName: string
      status: TaskStatus
      requestId: number | null
      customer: Contact | null
      workers: WorkerContact[]
    }
  | undefined
> {
  const [task] = await db
    .select({
      id: tasks.id,
      name: tasks.taskName,
      status: tasks.status,
      requestId: tasks.requestId,
      phone: serviceRequests.phone,
      customerId: serviceRequests.customerId,
      language: users.language,
      requestLanguage: serviceRequests.language,
      serviceName: services.name,
      serviceTe: services.nameTe,
      serviceHi: services.nameHi,
    })
    .from(tasks)
    .leftJoin(services, eq(services.id, tasks.serviceId))
    .leftJoin(serviceRequests, eq(serviceRequests.id, tasks.requestId))
    .leftJoin(users, eq(users.id, serviceRequests.customerId))
    .where(eq(tasks.id, taskId))
  if (!task) return undefined
  const rows = await db
    .select({
      assignmentId: assignments.id,
      workerId: workers.id,
      name: workers.name,
      phone: workers.phone,
      userId: workers.userId,
      language: users.language,
      date: assignments.assignmentDate,
      time: assignments.startTime,
      town: towns.name,
      townTe: towns.nameTe,
      townHi: towns.nameHi,
    })
    .from(assignments)
    .innerJoin(workers, eq(workers.id, assignments.workerId))
    .innerJoin(towns, eq(towns.id, workers.townId))
    .leftJoin(users, eq(users.id, workers.userId))
    .where(and(eq(assignments.taskId, taskId), ne(assignments.status, 'cancelled')))
    .orderBy(asc(assignments.id))
  return {
    taskId: task.id,
    taskName: task.name,
    status: task.status,
    requestId: task.requestId,
    // Messages about a request go in the language the person used for it, else their account's.
    customer: task.phone
      ? { phone: task.phone, userId: task.customerId, language: task.requestLanguage ?? task.language ?? 'en' }
      : null,
    workers: rows.map((r) => ({
      assignmentId: r.assignmentId,
      workerId: r.workerId,
      name: r.name,
      phone: r.phone,
      userId: r.userId,
      language: r.language ?? 'en',
      date: r.date,
      time: r.time.slice(0, 5),
      // The town and service in the worker's language, from their rows (decision 048).
      town: nameIn(r.language ?? 'en', { name: r.town, nameTe: r.townTe, nameHi: r.townHi }),
      service: nameIn(r.language ?? 'en', { name: task.serviceName, nameTe: task.serviceTe, nameHi: task.serviceHi }),
    })),
  }
}

/** The task an assignment belongs to. */
export async function taskOfAssignment(db: DbOrTx, assignmentId: number): Promise<number | undefined> {
  const [row] = await db
    .select({ taskId: assignments.taskId })
    .from(assignments)
    .where(eq(assignments.id, assignmentId))
  return row?.taskId
}

/** Which of these provider ids are already recorded on a message. */
export async function providerIdsInUse(db: DbOrTx, ids: string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set()
  const rows = await db
    .select({ id: notifications.providerId })
    .from(notifications)
    .where(inArray(notifications.providerId, ids))
  return new Set(rows.map((r) => r.id).filter((id): id is string => id !== null))
}

/** How many messages the outbox holds in each state, and when the oldest still to be sent (queued or sending) was queued. */
export async function outboxStats(
  db: DbOrTx,
): Promise<{ byState: { state: NotificationState; n: number }[]; oldestPendingAt: Date | null }> {
  const byState = await db
    .select({ state: notifications.state, n: count() })
    .from(notifications)
    .groupBy(notifications.state)
  const [oldest] = await db
    .select({ at: sql<string | Date | null>`min(${notifications.createdAt})` })
    .from(notifications)
    .where(inArray(notifications.state, ['queued', 'sending']))
  const at = oldest?.at ?? null
  return { byState, oldestPendingAt: at === null ? null : new Date(at) }
}

/** A task's start code while it is not used yet (issue 21), for the customer's booking message. */
export async function unusedStartCode(db: DbOrTx, taskId: number): Promise<string | undefined> {
  const [row] = await db
    .select({ code: taskStartCodes.code })
    .from(taskStartCodes)
    .where(and(eq(taskStartCodes.taskId, taskId), sql`${taskStartCodes.confirmedAt} is null`))
  return row?.code
}
