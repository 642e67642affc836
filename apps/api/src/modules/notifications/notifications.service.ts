import { randomUUID } from 'node:crypto'
import {
  normalizeIndianMobile,
  requestReference,
  type Channel,
  type Language,
  type Notification,
  type NotificationEvent,
  type NotificationPreferences,
  type NotificationPreferencesResponse,
  type NotificationResponse,
  type NotificationSettings,
  type NotificationState,
  type NotificationsQuery,
  type NotificationsResponse,
  type SendMessageBody,
  type SendMessageResponse,
  type TaskStatus,
} from '@townworks/contract'
import type { Config } from '../../config/config'
import type { Database, DbOrTx } from '../../db/client'
import { AppError, notFound } from '../../shared/app-error'
import type { Ctx, MessagingSettings } from '../../shared/context'
import { mapBatches, type CsvTable } from '../../shared/csv'
import * as rateLimits from '../rate-limits/rate-limits.service'
import * as usersService from '../users/users.service'
import { createDispatcher, HOUR_MS, type DispatchLimits, type Dispatcher, type DispatcherOptions } from './dispatcher'
import * as repository from './notifications.repository'
import { createLogProvider } from './providers/log-provider'
import type { NotificationProvider, OutgoingMessage, ProviderLogger } from './providers/provider'
import { createTwilioProvider } from './providers/twilio-provider'
import { MASKED_CODE, renderMessage, type TemplateParams } from './templates'

export { createDispatcher, type DispatchLimits, type Dispatcher, type DispatcherOptions } from './dispatcher'
export type { NotificationProvider, OutgoingMessage, ProviderLogger } from './providers/provider'
export { ProviderError } from './providers/provider'

/** What enqueueing needs from the configuration; set once when the app is built. */
/** How this app writes messages, from its configuration; services pass it on (`ctx.messaging`). */
export function messagingSettingsFrom(config: Config): MessagingSettings {
  return {
    provider: config.NOTIFICATION_PROVIDER,
    channel: config.NOTIFICATION_CHANNEL,
    dltEntityId: config.SMS_DLT_ENTITY_ID ?? null,
    dltTemplateIds: config.SMS_DLT_TEMPLATE_IDS,
    smsFreeTextAllowed: config.SMS_FREE_TEXT_ALLOWED,
    operatorHourly: config.NOTIFY_OPERATOR_HOURLY,
    publicUrl: config.PUBLIC_URL?.replace(/\/$/, '') ?? null,
    officeAlertPhone: config.OFFICE_ALERT_PHONE ?? null,
  }
}

/** The dispatcher's limits against SMS pumping, from the configuration (issue #15). */
export function dispatchLimitsFrom(config: Config): DispatchLimits {
  return {
    perRecipientHourly: config.NOTIFY_PER_RECIPIENT_HOURLY,
    hourlyBudget: { sms: config.NOTIFY_HOURLY_BUDGET_SMS, whatsapp: config.NOTIFY_HOURLY_BUDGET_WHATSAPP },
  }
}

export interface EnqueueInput {
  event: NotificationEvent
  /** The recipient's number in any Indian form; written as E.164. */
  to: string
  /** The configured channel (NOTIFICATION_CHANNEL) unless said. */
  channel?: Channel
  language?: Language
  params: TemplateParams
  /** One message per key, ever: the same key again is the same message. */
  messageKey: string
  /** The login of the person it is for, when known: their opt-outs apply. */
  recipientUserId?: number | null
  /** The task it is about, when it is about one: its job page lists it. */
  taskId?: number | null
}

/**
 * Write a message to the outbox in the caller's transaction, so it exists exactly when the change
 * that causes it is stored. A number that cannot be a mobile is written as `failed` rather than
 * undoing the caller's change (numbers typed at the API are checked there, with a 400).
 */
export async function enqueueNotification(
  tx: DbOrTx,
  settings: MessagingSettings,
  input: EnqueueInput,
): Promise<{ id: number; state: NotificationState; created: boolean }> {
  const channel = input.channel ?? settings.channel
  const language = input.language ?? 'en'
  const to = normalizeIndianMobile(input.to)
  const templated = input.event !== 'operator_message'
  return repository.insertNotification(tx, {
    event: input.event,
    channel,
    to: to ?? input.to,
    body: renderMessage(input.event, language, input.params),
    messageKey: input.messageKey,
    recipientUserId: input.recipientUserId ?? null,
    taskId: input.taskId ?? null,
    dltTemplateId:
      channel === 'sms' && templated ? (settings.dltTemplateIds[`${input.event}.${language}`] ?? null) : null,
    dltEntityId: channel === 'sms' ? settings.dltEntityId : null,
    ...(to ? {} : { failedWith: 'not a valid mobile number' }),
  })
}

/** A new service request: tell the customer it arrived, with its reference. */
export async function notifyRequestReceived(
  tx: DbOrTx,
  settings: MessagingSettings,
  request: { id: number; phone: string; serviceId: number; customerUserId?: number | null; language?: Language | null },
): Promise<void> {
  const userId = request.customerUserId ?? null
  // The language the person used for the request (a visitor's too), else their account's.
  const language = request.language ?? (await repository.languageOf(tx, userId))
  await enqueueNotification(tx, settings, {
    event: 'request_received',
    to: request.phone,
    language,
    params: {
      ref: requestReference(request.id),
      service: await repository.serviceNameIn(tx, request.serviceId, language),
    },
    messageKey: `request_received:r${request.id}`,
    recipientUserId: userId,
  })
}

/**
 * A quote (a new version) waits for the customer of a request (issue 22, decision 061): its total,
 * its last day and a link to My requests, where they accept or decline it. In the language they used
 * for the request; to the request's number, with or without an account (signing in with a code
 * there gives them the request). One message per version.
 */
export async function notifyQuoteSent(
  tx: DbOrTx,
  settings: MessagingSettings,
  quote: { id: number; requestId: number; totalPaise: number; validUntil: string },
): Promise<void> {
  const customer = await repository.requestContact(tx, quote.requestId)
  if (!customer) return
  await enqueueNotification(tx, settings, {
    event: 'quote_sent',
    to: customer.phone,
    language: customer.language,
    params: {
      ref: requestReference(quote.requestId),
      amountPaise: quote.totalPaise,
      date: quote.validUntil,
      link: `${settings.publicUrl ?? ''}/my/requests`,
    },
    messageKey: `quote_sent:q${quote.id}`,
    recipientUserId: customer.userId,
  })
}

/** What a worker's job message says: the job, when, where, and (in Telugu and Hindi) which service. */
function jobParams(task: { taskId: number; taskName: string }, worker: repository.WorkerContact): TemplateParams {
  return {
    job: task.taskId,
    task: task.taskName,
    date: worker.date,
    time: worker.time,
    town: worker.town,
    service: worker.service,
  }
}

/**
 * A worker booked for a task (a new schedule, or an assignment moved to another worker, day or
 * time): tell the customer when and who, and the worker where and when.
 */
export async function notifyTaskAssigned(tx: DbOrTx, settings: MessagingSettings, assignmentId: number): Promise<void> {
  const taskId = await repository.taskOfAssignment(tx, assignmentId)
  if (taskId === undefined) return
  const task = await repository.taskContacts(tx, taskId)
  const worker = task?.workers.find((w) => w.assignmentId === assignmentId)
  if (!task || !worker) return
  // One message per booking: a change of worker, day or time is a new booking, a repeat is not.
  const bookingKey = `w${worker.workerId}:${worker.date}T${worker.time}`
  if (task.customer) {
    await enqueueNotification(tx, settings, {
      event: 'task_assigned',
      to: task.customer.phone,
      language: task.customer.language,
      params: {
        ref: refOf(task),
        date: worker.date,
        time: worker.time,
        worker: worker.name,
        // Only while the work has not started: a later booking message needs no code.
        ...(task.status === 'assigned' ? { startCode: await repository.unusedStartCode(tx, task.taskId) } : {}),
      },
      messageKey: `task_assigned:a${assignmentId}:${bookingKey}:customer`,
      recipientUserId: task.customer.userId,
      taskId: task.taskId,
    })
  }
  await enqueueNotification(tx, settings, {
    event: 'job_assigned',
    to: worker.phone,
    language: worker.language,
    params: jobParams(task, worker),
    messageKey: `job_assigned:a${assignmentId}:${bookingKey}:worker`,
    recipientUserId: worker.userId,
    taskId: task.taskId,
  })
}

/** Where an assignment was before an edit: its worker, day and start time (HH:MM or HH:MM:SS). */
export interface PreviousBooking {
  workerId: number
  date: string
  startTime: string
}

/**
 * An assignment moved (another day or time) or handed to another worker: tell the customer the
 * new when and who ("moved", where they had the first message), the same worker "job moved", or —
 * on a change of worker — the old worker that the job was taken off them and the new worker that
 * they have a new job. One message per new booking: saving the same booking again sends nothing.
 */
export async function notifyAssignmentChanged(
  tx: DbOrTx,
  settings: MessagingSettings,
  assignmentId: number,
  previous: PreviousBooking,
): Promise<void> {
  const taskId = await repository.taskOfAssignment(tx, assignmentId)
  if (taskId === undefined) return
  const task = await repository.taskContacts(tx, taskId)
  const worker = task?.workers.find((w) => w.assignmentId === assignmentId)
  if (!task || !worker) return
  const bookingKey = `w${worker.workerId}:${worker.date}T${worker.time}`
  const previousKey = `w${previous.workerId}:${previous.date}T${previous.startTime.slice(0, 5)}`
  if (bookingKey === previousKey) return
  if (task.customer) {
    await enqueueNotification(tx, settings, {
      event: 'task_moved',
      to: task.customer.phone,
      language: task.customer.language,
      params: { ref: refOf(task), date: worker.date, time: worker.time, worker: worker.name },
      messageKey: `task_moved:a${assignmentId}:${previousKey}>${bookingKey}:customer`,
      recipientUserId: task.customer.userId,
      taskId: task.taskId,
    })
  }
  const params = jobParams(task, worker)
  if (previous.workerId === worker.workerId) {
    await enqueueNotification(tx, settings, {
      event: 'job_moved',
      to: worker.phone,
      language: worker.language,
      params,
      messageKey: `job_moved:a${assignmentId}:${previousKey}>${bookingKey}:worker`,
      recipientUserId: worker.userId,
      taskId: task.taskId,
    })
    return
  }
  const old = await repository.workerContact(tx, previous.workerId)
  if (old) {
    await enqueueNotification(tx, settings, {
      event: 'job_removed',
      to: old.phone,
      language: old.language,
      params: { job: task.taskId, date: previous.date },
      messageKey: `job_removed:a${assignmentId}:${previousKey}>${bookingKey}:worker`,
      recipientUserId: old.userId,
      taskId: task.taskId,
    })
  }
  await enqueueNotification(tx, settings, {
    event: 'job_assigned',
    to: worker.phone,
    language: worker.language,
    params,
    messageKey: `job_assigned:a${assignmentId}:${bookingKey}:worker`,
    recipientUserId: worker.userId,
    taskId: task.taskId,
  })
}

/**
 * An admin invited someone: queue the sign-in link to their phone. The one-time password is not in
 * it (the outbox is read by every operator): the admin gives it to the person.
 */
export async function notifyAccountInvite(
  tx: DbOrTx,
  settings: MessagingSettings,
  invite: { userId: number; phone: string; username: string; link: string; language: Language; channel?: Channel },
): Promise<{ id: number; state: NotificationState }> {
  const queued = await enqueueNotification(tx, settings, {
    event: 'account_invite',
    ...(invite.channel ? { channel: invite.channel } : {}),
    to: invite.phone,
    language: invite.language,
    params: { user: invite.username, link: invite.link },
    messageKey: `account_invite:u${invite.userId}`,
    recipientUserId: invite.userId,
  })
  activeDispatcher?.wake()
  return { id: queued.id, state: queued.state }
}

/** The messages about a task (and the request it came from), oldest first, for its job page. */
export async function listTaskMessages(
  ctx: Ctx,
  task: { taskId: number; requestId: number | null },
): Promise<Notification[]> {
  return repository.listTaskNotifications(ctx.database.db, task.taskId, task.requestId)
}

const refOf = (task: { requestId: number | null; taskId: number }) =>
  task.requestId !== null ? requestReference(task.requestId) : `#${task.taskId}`

/** Who hears of a status change, and by which message. */
function messagesFor(from: TaskStatus, to: TaskStatus): { customer?: NotificationEvent; worker?: NotificationEvent } {
  switch (to) {
    case 'work_inprogress':
      return from === 'work_completed'
        ? { customer: 'work_started', worker: 'rework_requested' }
        : { customer: 'work_started' }
    case 'work_pending':
      return { customer: 'work_paused' }
    case 'work_completed':
      return { customer: 'work_completed' }
    case 'payment_pending':
      return { customer: 'payment_due' }
    case 'payment_received':
      return { customer: 'payment_received' }
    case 'paid_to_worker':
      return { worker: 'payout_made' }
    case 'task_completed':
      return { customer: 'task_completed' }
    case 'cancelled':
      return { customer: 'task_cancelled', worker: 'job_cancelled' }
    case 'assigned':
      return { customer: 'status_changed' }
  }
}

/**
 * A task moved from one status to another (one workflow record): write the messages for the
 * customer and, where it concerns them, the worker — in the transaction of the change.
 */
export async function notifyTaskStatusChanged(
  tx: DbOrTx,
  settings: MessagingSettings,
  change: { taskId: number; from: TaskStatus; to: TaskStatus; workflowRecordId: number },
): Promise<void> {
  if (change.from === change.to) return
  const events = messagesFor(change.from, change.to)
  const task = await repository.taskContacts(tx, change.taskId)
  if (!task) return
  if (events.customer && task.customer) {
    await enqueueNotification(tx, settings, {
      event: events.customer,
      to: task.customer.phone,
      language: task.customer.language,
      params: {
        ref: refOf(task),
        status: change.to,
        // The payment's thanks asks for a rating (issue 21): the link opens it after sign-in.
        ...(events.customer === 'payment_received' && task.customer.userId !== null
          ? { link: `${settings.publicUrl ?? ''}/my/requests?rate=${task.taskId}` }
          : {}),
      },
      messageKey: `${events.customer}:w${change.workflowRecordId}:customer`,
      recipientUserId: task.customer.userId,
      taskId: task.taskId,
    })
  }
  if (events.worker) {
    for (const worker of task.workers) {
      await enqueueNotification(tx, settings, {
        event: events.worker,
        to: worker.phone,
        language: worker.language,
        params: { job: task.taskId, date: worker.date, status: change.to },
        messageKey: `${events.worker}:w${change.workflowRecordId}:a${worker.assignmentId}`,
        recipientUserId: worker.userId,
        taskId: task.taskId,
      })
    }
  }
}

/**
 * A job's start-code tries are used up (issue 21): tell the office, at OFFICE_ALERT_PHONE, so someone
 * calls the customer and starts the job from its page if the worker is really there. Without a
 * number the alert stands in the outbox (the office's Messages screen) as not sent. Once per task.
 */
export async function notifyStartCodeTriesUsed(tx: DbOrTx, settings: MessagingSettings, taskId: number): Promise<void> {
  const task = await repository.taskContacts(tx, taskId)
  if (!task) return
  await enqueueNotification(tx, settings, {
    event: 'start_code_tries_used',
    to: settings.officeAlertPhone ?? 'not set: OFFICE_ALERT_PHONE',
    params: { job: task.taskId, ref: refOf(task), worker: task.workers.map((w) => w.name).join(', ') },
    messageKey: `start_code_tries_used:t${task.taskId}`,
    taskId: task.taskId,
  })
  activeDispatcher?.wake()
}

/**
 * An operator's typed message (/tsms, seed call 3): queued for WhatsApp, or for SMS where free
 * text is allowed. The same Idempotency-Key (checked by its route) from the same operator queues it once.
 */
export async function sendTypedMessage(
  ctx: Ctx,
  body: SendMessageBody,
  idempotencyKey: string | undefined,
): Promise<SendMessageResponse> {
  const user = ctx.user
  if (!user) throw new AppError('UNAUTHENTICATED', 'Please log in to continue')
  const to = normalizeIndianMobile(body.to)
  if (!to)
    throw new AppError('VALIDATION_FAILED', 'Enter a 10-digit Indian mobile number', {
      issues: [{ path: 'to', message: 'Enter a 10-digit Indian mobile number' }],
    })
  if (body.channel === 'sms' && !ctx.messaging.smsFreeTextAllowed) {
    const message = 'Typed messages go by WhatsApp: an SMS in India must use a registered template'
    throw new AppError('VALIDATION_FAILED', message, { issues: [{ path: 'channel', message }] })
  }
  const messageKey = `operator_message:u${user.id}:${idempotencyKey ?? randomUUID()}`
  const queued = await ctx.database.db.transaction(async (tx) => {
    const message = await enqueueNotification(tx, ctx.messaging, {
      event: 'operator_message',
      to,
      channel: body.channel,
      params: { text: body.message },
      messageKey,
    })
    // Each operator queues at most NOTIFY_OPERATOR_HOURLY new messages an hour, counted in the
    // database for every API process; a refused one is rolled back with its count, a repeat is free.
    if (message.created) {
      const max = ctx.messaging.operatorHourly
      const counted = await rateLimits.consume(tx, { key: `send-message|u${user.id}`, max, windowMs: HOUR_MS })
      if (!counted.allowed) {
        throw rateLimits.tooManyAttempts(
          `You may send ${max} messages an hour and have sent them all. Please try again in ${rateLimits.waitText(counted.retryAfterSeconds)}.`,
          counted.retryAfterSeconds,
        )
      }
    }
    return message
  })
  activeDispatcher?.wake()
  return { message: queued.created ? 'Message queued' : 'Message already queued', id: queued.id, state: queued.state }
}

/** The outbox, newest first. */
export async function listNotifications(ctx: Ctx, query: NotificationsQuery): Promise<NotificationsResponse> {
  const { notifications, total } = await repository.listNotifications(ctx.database.db, query)
  return { notifications, total, page: query.page, pageSize: query.pageSize }
}

/** One message and its delivery state. */
export async function getNotification(ctx: Ctx, id: number): Promise<NotificationResponse> {
  const notification = await repository.getNotification(ctx.database.db, id)
  if (!notification) throw notFound('Message')
  return { notification }
}

/**
 * Queue a message that was not sent again (failed, held by the hourly budget, or suppressed by the
 * per-number limit); its attempts are kept. An operator's resend is deliberate: the automatic limits,
 * checked on a message's first dispatch only, do not stop it again.
 */
export async function retryNotification(ctx: Ctx, id: number): Promise<NotificationResponse> {
  const existing = await repository.getNotification(ctx.database.db, id)
  if (existing?.event === 'login_code') {
    throw new AppError('CONFLICT', 'A sign-in code is never sent again: the person asks for a new code', {
      details: { state: existing.state },
    })
  }
  const notification = await repository.requeueUnsent(ctx.database.db, id, new Date())
  if (!notification) {
    const existing = await repository.getNotification(ctx.database.db, id)
    if (!existing) throw notFound('Message')
    throw new AppError(
      'CONFLICT',
      `Only a failed, held or suppressed message can be sent again; this one is ${existing.state}`,
      {
        details: { state: existing.state },
      },
    )
  }
  activeDispatcher?.wake()
  return { notification }
}

/** How messages are sent, for the Send SMS screen. */
/** The outbox's depth by state and the age of its oldest message still to be sent, for GET /metrics. */
export async function outboxStats(
  database: Database,
): Promise<{ byState: { state: NotificationState; n: number }[]; oldestPendingAt: Date | null }> {
  return repository.outboxStats(database.db)
}

export function getSettings(ctx: Ctx): NotificationSettings {
  return {
    provider: ctx.messaging.provider,
    freeTextChannels: ctx.messaging.smsFreeTextAllowed ? ['whatsapp', 'sms'] : ['whatsapp'],
  }
}

/** The caller's choice of channels. */
export async function getMyPreferences(ctx: Ctx): Promise<NotificationPreferencesResponse> {
  if (!ctx.user) throw new AppError('UNAUTHENTICATED', 'Please log in to continue')
  const preferences = await usersService.getNotificationChannels(ctx.database.db, ctx.user.id)
  if (!preferences) throw notFound('User')
  return { message: 'Your message settings', preferences }
}

/** Turn SMS or WhatsApp on or off for the caller; the dispatcher honours it for messages not yet sent. */
export async function updateMyPreferences(
  ctx: Ctx,
  preferences: NotificationPreferences,
): Promise<NotificationPreferencesResponse> {
  if (!ctx.user) throw new AppError('UNAUTHENTICATED', 'Please log in to continue')
  await usersService.setNotificationChannels(ctx.database.db, ctx.user.id, preferences)
  return { message: 'Message settings saved', preferences }
}

/** The channels one-time codes can go by, the preferred first: WhatsApp where it is configured, then SMS. */
export function codeChannels(config: Config): Channel[] {
  if (config.NOTIFICATION_PROVIDER === 'log') return ['whatsapp', 'sms']
  return [
    ...(config.TWILIO_WHATSAPP_FROM ? (['whatsapp'] as const) : []),
    ...(config.TWILIO_FROM ? (['sms'] as const) : []),
  ]
}

/** A code's message written to the outbox and not sent yet: sendCodeMessage sends it after the commit. */
export interface PendingCode {
  message: OutgoingMessage
}

/**
 * Write a one-time code's message to the outbox in the caller's transaction (issue 19). The outbox
 * keeps the text with the code masked (operators read it); the row is `sending` from the start,
 * because the code is sent at once by `sendCodeMessage`, never by the dispatcher: a code is good
 * for minutes, so a message that could not go is not tried again (the person asks for a new code).
 * Opt-outs do not apply: the person asked for this message.
 */
export async function recordCodeMessage(
  tx: DbOrTx,
  settings: MessagingSettings,
  input: {
    to: string
    channel: Channel
    language: Language
    code: string
    host: string | null
    recipientUserId: number | null
    messageKey: string
    now: Date
  },
): Promise<PendingCode> {
  const params = { code: input.code, ...(input.host ? { host: input.host } : {}) }
  const dltTemplateId =
    input.channel === 'sms' ? (settings.dltTemplateIds[`login_code.${input.language}`] ?? null) : null
  const dltEntityId = input.channel === 'sms' ? settings.dltEntityId : null
  const row = await repository.insertSendingNotification(
    tx,
    {
      event: 'login_code',
      channel: input.channel,
      to: input.to,
      body: renderMessage('login_code', input.language, { ...params, code: MASKED_CODE }),
      messageKey: input.messageKey,
      recipientUserId: input.recipientUserId,
      dltTemplateId,
      dltEntityId,
    },
    new Date(input.now.getTime() + CODE_SEND_LEASE_MS),
  )
  return {
    message: {
      id: row.id,
      event: 'login_code',
      channel: input.channel,
      to: input.to,
      body: renderMessage('login_code', input.language, params),
      messageKey: input.messageKey,
      dltTemplateId,
      dltEntityId,
      createdAt: row.createdAt,
      secret: input.code,
    },
  }
}

/** How long a code's message is the sender's before the dispatcher may record it as failed. */
const CODE_SEND_LEASE_MS = 5 * 60_000

/**
 * Send a code's message now, through the provider, and record the outcome on its outbox row. Never
 * throws: a failure is recorded (the person sees no code and asks again), and logged without the text.
 */
export async function sendCodeMessage(
  database: Database,
  provider: NotificationProvider,
  log: ProviderLogger,
  pending: PendingCode,
): Promise<void> {
  const { message } = pending
  try {
    const { providerId } = await provider.send(message)
    await repository.finish(database.db, message.id, 1, { state: 'sent', providerId, at: new Date() })
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error)
    log.warn({ notification: message.id, error: reason }, 'sign-in code not sent')
    await repository
      .finish(database.db, message.id, 1, { state: 'failed', error: `${reason} (a code is never sent again)` })
      .catch((recordError: unknown) => log.error({ err: recordError }, 'sign-in code outcome not recorded'))
  }
}

/** The provider the configuration names. */
export function createProvider(config: Config, log: ProviderLogger): NotificationProvider {
  if (config.NOTIFICATION_PROVIDER === 'twilio') {
    return createTwilioProvider({
      accountSid: config.TWILIO_ACCOUNT_SID!,
      authToken: config.TWILIO_AUTH_TOKEN!,
      smsFrom: config.TWILIO_FROM,
      whatsappFrom: config.TWILIO_WHATSAPP_FROM,
      apiBaseUrl: config.TWILIO_API_BASE_URL,
    })
  }
  return createLogProvider(log, {
    showCodes: config.NOTIFICATION_LOG_CODES ?? config.NODE_ENV !== 'production',
    ...(config.NOTIFICATION_LOG_FILE ? { file: config.NOTIFICATION_LOG_FILE } : {}),
  })
}

let activeDispatcher: Dispatcher | undefined

/** Start this process's dispatcher (server start); stop it with the answer's `stop()` on shutdown. */
export function startNotificationDispatcher(
  config: Config,
  database: Database,
  log: ProviderLogger,
  options: Partial<DispatcherOptions> = {},
): Dispatcher {
  const dispatcher = createDispatcher({
    database,
    provider: createProvider(config, log),
    log,
    options: { limits: dispatchLimitsFrom(config), ...options },
  })
  if (config.NODE_ENV === 'production' && config.NOTIFICATION_PROVIDER === 'log') {
    log.warn({}, 'NOTIFICATION_PROVIDER is log: messages are written to the log, not sent (set twilio to send them)')
  }
  activeDispatcher = dispatcher
  dispatcher.start()
  return {
    ...dispatcher,
    async stop() {
      if (activeDispatcher === dispatcher) activeDispatcher = undefined
      await dispatcher.stop()
    },
  }
}

/** GET /api/notifications/export.csv: every outbox message of the chosen state, newest first (decision 045). */
export function exportNotifications(ctx: Ctx, query: NotificationsQuery): CsvTable {
  return {
    header: [
      'id',
      'created_at',
      'event',
      'channel',
      'to',
      'state',
      'attempts',
      'last_error',
      'provider_id',
      'task_id',
      'sent_at',
      'body',
    ],
    batches: mapBatches(repository.exportNotificationBatches(ctx.database.db, query), (n) => [
      n.id,
      n.created_at,
      n.event,
      n.channel,
      n.to,
      n.state,
      n.attempts,
      n.last_error,
      n.provider_id,
      n.task_id,
      n.sent_at,
      n.body,
    ]),
  }
}
