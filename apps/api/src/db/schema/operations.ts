import { ORDER_UNITS, QUOTE_LINE_KINDS, QUOTE_STATUSES, QUOTE_UNITS, TASK_STATUSES } from '@townworks/contract'
import { sql } from 'drizzle-orm'
import {
  check,
  customType,
  date,
  doublePrecision,
  index,
  integer,
  numeric,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  time,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core'
import { services, towns } from './reference'
import { users } from './users'
import { workers } from './workers'

/** A list of values as SQL literals, for a CHECK (the values are the contract's constants, never input). */
const sqlList = (values: readonly string[]) => sql.raw(values.map((v) => `'${v}'`).join(', '))

const statusList = sqlList(TASK_STATUSES)

/** A customer's ask for a service; becomes a task when scheduled. */
export const serviceRequests = pgTable(
  'service_requests',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    phone: text('phone').notNull(),
    email: text('email'),
    serviceId: integer('service_id')
      .notNull()
      .references(() => services.id),
    townId: integer('town_id')
      .notNull()
      .references(() => towns.id),
    serviceDate: date('service_date', { mode: 'string' }).notNull(),
    customerId: integer('customer_id').references(() => users.id, { onDelete: 'set null' }),
    state: text('state', { enum: ['open', 'scheduled', 'rejected'] })
      .notNull()
      .default('open'),
    rejectReason: text('reject_reason'),
    idempotencyKey: text('idempotency_key'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    // What a real booking needs (issue 18); all optional, so the seed's body alone still makes a request.
    address: text('address'),
    landmark: text('landmark'),
    description: text('description'),
    problems: text('problems')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    timeWindow: text('time_window', { enum: ['morning', 'afternoon', 'evening'] }),
    lat: doublePrecision('lat'),
    lng: doublePrecision('lng'),
    preferredWorkerId: integer('preferred_worker_id').references(() => workers.id, { onDelete: 'set null' }),
    /** The language the person used: messages about the request go in it. */
    language: text('language', { enum: ['en', 'te', 'hi'] }),
    /** Who its receipts and tax invoices are made out to, and the customer's GSTIN (issue 22); null: the request's name, none. */
    billingName: text('billing_name'),
    billingGstin: text('billing_gstin'),
    /** A materials order (decision 069): how much, in one of the service's order units; both null for a job. */
    quantity: numeric('quantity', { precision: 12, scale: 2, mode: 'number' }),
    unit: text('unit', { enum: ORDER_UNITS }),
  },
  (t) => [
    check(
      'service_requests_order_check',
      sql`(${t.quantity} is null) = (${t.unit} is null) and (${t.quantity} is null or ${t.quantity} > 0)`,
    ),
    check('service_requests_unit_check', sql`${t.unit} in (${sqlList(ORDER_UNITS)})`),
    check('service_requests_state_check', sql`${t.state} in ('open', 'scheduled', 'rejected')`),
    check('service_requests_time_window_check', sql`${t.timeWindow} in ('morning', 'afternoon', 'evening')`),
    check('service_requests_language_check', sql`${t.language} in ('en', 'te', 'hi')`),
    check('service_requests_pin_check', sql`(${t.lat} is null) = (${t.lng} is null)`),
    uniqueIndex('service_requests_idempotency_key').on(t.idempotencyKey),
    index('service_requests_state_created_idx').on(t.state, t.createdAt),
    index('service_requests_customer_idx').on(t.customerId),
    // The dashboard's requests per day and the inbox's "received" filter: a range of created_at (decision 042).
    index('service_requests_created_idx').on(t.createdAt),
    // The inbox's likely-duplicate check: an earlier request with the same phone, service and day.
    index('service_requests_duplicate_idx').on(t.phone, t.serviceId, t.serviceDate, t.id),
  ],
)

const bytea = customType<{ data: Uint8Array; driverData: Uint8Array }>({ dataType: () => 'bytea' })

/** A request's photo (one at most), kept apart so the request's reads never carry its bytes. */
export const requestPhotos = pgTable(
  'request_photos',
  {
    requestId: integer('request_id')
      .primaryKey()
      .references(() => serviceRequests.id, { onDelete: 'cascade' }),
    contentType: text('content_type', { enum: ['image/jpeg', 'image/png', 'image/webp'] }).notNull(),
    size: integer('size').notNull(),
    bytes: bytea('bytes').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('request_photos_type_check', sql`${t.contentType} in ('image/jpeg', 'image/png', 'image/webp')`),
    // The server's limit (PHOTO_MAX_BYTES), held by the database too.
    check(
      'request_photos_size_check',
      sql`${t.size} > 0 and ${t.size} <= 409600 and octet_length(${t.bytes}) = ${t.size}`,
    ),
  ],
)

/** A unit of work, moved through the status machine. */
export const tasks = pgTable(
  'tasks',
  {
    id: serial('id').primaryKey(),
    taskName: text('task_name').notNull(),
    serviceDesc: text('service_desc').notNull().default(''),
    townId: integer('town_id').references(() => towns.id),
    serviceId: integer('service_id').references(() => services.id),
    requestId: integer('request_id').references(() => serviceRequests.id),
    status: text('status', { enum: TASK_STATUSES }).notNull().default('assigned'),
    pricePaise: integer('price_paise'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('tasks_status_check', sql`${t.status} in (${statusList})`),
    check('tasks_price_check', sql`${t.pricePaise} is null or ${t.pricePaise} >= 0`),
    index('tasks_request_idx').on(t.requestId),
    index('tasks_status_idx').on(t.status),
  ],
)

/**
 * A worker booked for a task on a date and time slot. The no-overlap rule lives in the database
 * as an exclusion constraint (custom migration), so concurrent bookings cannot both succeed.
 */
export const assignments = pgTable(
  'assignments',
  {
    id: serial('id').primaryKey(),
    taskId: integer('task_id')
      .notNull()
      .references(() => tasks.id, { onDelete: 'cascade' }),
    workerId: integer('worker_id')
      .notNull()
      .references(() => workers.id),
    serviceDesc: text('service_desc').notNull().default(''),
    assignmentDate: date('assignment_date', { mode: 'string' }).notNull(),
    startTime: time('start_time').notNull(),
    endTime: time('end_time').notNull(),
    completionDate: date('completion_date', { mode: 'string' }),
    status: text('status', { enum: TASK_STATUSES }).notNull().default('assigned'),
    createdDate: timestamp('created_date', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('assignments_status_check', sql`${t.status} in (${statusList})`),
    check('assignments_time_order_check', sql`${t.startTime} < ${t.endTime}`),
    check(
      'assignments_completion_check',
      sql`${t.completionDate} is null or ${t.completionDate} >= ${t.assignmentDate}`,
    ),
    index('assignments_task_idx').on(t.taskId),
    index('assignments_worker_date_idx').on(t.workerId, t.assignmentDate),
    // The dashboard's counts by status (today's, overdue) and its booked hours over a period (decision 042).
    index('assignments_status_date_idx').on(t.status, t.assignmentDate),
    index('assignments_date_idx').on(t.assignmentDate),
  ],
)

/** One row per status a task reached: who moved it, when, from what, and an override's reason. */
export const workflowRecords = pgTable(
  'workflow_records',
  {
    id: serial('id').primaryKey(),
    taskId: integer('task_id')
      .notNull()
      .references(() => tasks.id, { onDelete: 'cascade' }),
    fromStatus: text('from_status', { enum: TASK_STATUSES }),
    status: text('status', { enum: TASK_STATUSES }).notNull(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    byUserId: integer('by_user_id').references(() => users.id, { onDelete: 'set null' }),
    reason: text('reason'),
    /** What proved the step: 'start_code' when the worker started with the customer's code (issue 21). */
    proof: text('proof', { enum: ['start_code'] }),
  },
  (t) => [
    check('workflow_records_proof_check', sql`${t.proof} is null or ${t.proof} = 'start_code'`),
    check('workflow_records_status_check', sql`${t.status} in (${statusList})`),
    index('workflow_records_task_idx').on(t.taskId, t.id),
  ],
)

/**
 * A task's start code (issue 21): 4 digits its customer reads out to the worker at the door, made
 * with the task when it comes from a request. The worker's wrong tries are counted; `confirmed_at`
 * is set when the work starts with it.
 */
export const taskStartCodes = pgTable(
  'task_start_codes',
  {
    taskId: integer('task_id')
      .primaryKey()
      .references(() => tasks.id, { onDelete: 'cascade' }),
    code: text('code').notNull(),
    wrongTries: smallint('wrong_tries').notNull().default(0),
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
    confirmedByUserId: integer('confirmed_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('task_start_codes_code_check', sql`${t.code} ~ '^[0-9]{4}$'`),
    check('task_start_codes_tries_check', sql`${t.wrongTries} >= 0`),
  ],
)

/**
 * A customer's rating of the worker of a task (issue 21): one per task, editable for
 * RATING_EDIT_DAYS after it is first given. Staff may hide a review with a reason; it is kept.
 */
export const taskRatings = pgTable(
  'task_ratings',
  {
    taskId: integer('task_id')
      .primaryKey()
      .references(() => tasks.id, { onDelete: 'cascade' }),
    workerId: integer('worker_id')
      .notNull()
      .references(() => workers.id, { onDelete: 'cascade' }),
    customerUserId: integer('customer_user_id').references(() => users.id, { onDelete: 'set null' }),
    stars: smallint('stars').notNull(),
    review: text('review'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    hiddenAt: timestamp('hidden_at', { withTimezone: true }),
    hiddenByUserId: integer('hidden_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    hiddenReason: text('hidden_reason'),
  },
  (t) => [
    check('task_ratings_stars_check', sql`${t.stars} between 1 and 5`),
    check('task_ratings_hidden_check', sql`(${t.hiddenAt} is null) = (${t.hiddenReason} is null)`),
    index('task_ratings_worker_idx').on(t.workerId, t.createdAt),
  ],
)

/**
 * A photo of the finished work (issue 21, decision 057): which task, what it is, who added it; its
 * bytes are in the photo storage under `storage_key` (task_photo_blobs by default). At most
 * TASK_PHOTOS_MAX per task, counted by the service under the task's lock. `idempotency_key`: a retried
 * upload of the same photo is stored once.
 */
export const taskPhotos = pgTable(
  'task_photos',
  {
    id: serial('id').primaryKey(),
    taskId: integer('task_id')
      .notNull()
      .references(() => tasks.id, { onDelete: 'cascade' }),
    storageKey: text('storage_key').notNull(),
    contentType: text('content_type', { enum: ['image/jpeg', 'image/png', 'image/webp'] }).notNull(),
    size: integer('size').notNull(),
    width: integer('width'),
    height: integer('height'),
    uploadedByUserId: integer('uploaded_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    idempotencyKey: text('idempotency_key'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('task_photos_type_check', sql`${t.contentType} in ('image/jpeg', 'image/png', 'image/webp')`),
    // TASK_PHOTO_MAX_BYTES, held by the database too.
    check('task_photos_size_check', sql`${t.size} > 0 and ${t.size} <= 614400`),
    index('task_photos_task_idx').on(t.taskId, t.id),
    uniqueIndex('task_photos_storage_key').on(t.storageKey),
    uniqueIndex('task_photos_idempotency_key').on(t.taskId, t.idempotencyKey),
  ],
)

/**
 * The bytes of the photos of the work when they are kept in the database (PHOTO storage "database",
 * the default: works on the embedded database and on PostgreSQL with nothing else installed). Apart
 * from task_photos so no list read carries them; keyed by the storage key, as an object store is.
 */
export const taskPhotoBlobs = pgTable(
  'task_photo_blobs',
  {
    key: text('key').primaryKey(),
    contentType: text('content_type', { enum: ['image/jpeg', 'image/png', 'image/webp'] }).notNull(),
    size: integer('size').notNull(),
    bytes: bytea('bytes').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('task_photo_blobs_type_check', sql`${t.contentType} in ('image/jpeg', 'image/png', 'image/webp')`),
    check(
      'task_photo_blobs_size_check',
      sql`${t.size} > 0 and ${t.size} <= 614400 and octet_length(${t.bytes}) = ${t.size}`,
    ),
  ],
)

/**
 * A quote for a service request (issue 22, decision 061): one row per version (1, 2, 3… per request).
 * `sent` waits for the customer; a newer version supersedes it; the customer accepts or declines it.
 * An optional slot (worker, day, hours) is booked at once on acceptance when the worker is still
 * free. Amounts are integer paise, computed once when it is made: total = visit charge + its lines.
 */
export const quotes = pgTable(
  'quotes',
  {
    id: serial('id').primaryKey(),
    requestId: integer('request_id')
      .notNull()
      .references(() => serviceRequests.id, { onDelete: 'cascade' }),
    version: integer('version').notNull(),
    status: text('status', { enum: QUOTE_STATUSES }).notNull().default('sent'),
    /** The last day (Asia/Kolkata) it may be accepted. */
    validUntil: date('valid_until', { mode: 'string' }).notNull(),
    note: text('note'),
    visitChargePaise: integer('visit_charge_paise').notNull().default(0),
    // The proposed slot: all three times or none; a worker removed from the roster leaves no slot.
    workerId: integer('worker_id').references(() => workers.id, { onDelete: 'set null' }),
    slotDate: date('slot_date', { mode: 'string' }),
    startTime: time('start_time'),
    endTime: time('end_time'),
    totalPaise: integer('total_paise').notNull(),
    /** The office's Idempotency-Key: a repeated POST answers the version it made. */
    idempotencyKey: text('idempotency_key'),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    decidedBy: integer('decided_by').references(() => users.id, { onDelete: 'set null' }),
    declineReason: text('decline_reason'),
  },
  (t) => [
    check('quotes_status_check', sql`${t.status} in (${sqlList(QUOTE_STATUSES)})`),
    check('quotes_version_check', sql`${t.version} > 0`),
    check(
      'quotes_amounts_check',
      sql`${t.visitChargePaise} >= 0 and ${t.totalPaise} > 0 and ${t.totalPaise} >= ${t.visitChargePaise}`,
    ),
    check(
      'quotes_slot_check',
      sql`(${t.slotDate} is null) = (${t.startTime} is null) and (${t.startTime} is null) = (${t.endTime} is null) and (${t.workerId} is null or ${t.slotDate} is not null) and (${t.startTime} is null or ${t.startTime} < ${t.endTime})`,
    ),
    // Decided exactly when accepted or declined; a reason only on a decline.
    check('quotes_decided_check', sql`(${t.status} in ('accepted', 'declined')) = (${t.decidedAt} is not null)`),
    check('quotes_decline_reason_check', sql`${t.declineReason} is null or ${t.status} = 'declined'`),
    uniqueIndex('quotes_request_version_key').on(t.requestId, t.version),
    // At most one version waits and at most one is accepted, whatever races past the service.
    uniqueIndex('quotes_one_sent_per_request')
      .on(t.requestId)
      .where(sql`${t.status} = 'sent'`),
    uniqueIndex('quotes_one_accepted_per_request')
      .on(t.requestId)
      .where(sql`${t.status} = 'accepted'`),
    uniqueIndex('quotes_idempotency_key').on(t.requestId, t.idempotencyKey),
  ],
)

/**
 * A quote's lines, in order: labour or a material, a quantity of a unit at a unit price, and the
 * line's total = round(quantity × unit price), half a paisa up (held by a CHECK). `service_id`: the
 * service the line supplies when not the request's own (a material's: its HSN code and GST rate).
 */
export const quoteLines = pgTable(
  'quote_lines',
  {
    quoteId: integer('quote_id')
      .notNull()
      .references(() => quotes.id, { onDelete: 'cascade' }),
    position: smallint('position').notNull(),
    kind: text('kind', { enum: QUOTE_LINE_KINDS }).notNull(),
    description: text('description').notNull(),
    serviceId: integer('service_id').references(() => services.id),
    unit: text('unit', { enum: QUOTE_UNITS }).notNull(),
    quantity: numeric('quantity', { precision: 12, scale: 2, mode: 'number' }).notNull(),
    unitPricePaise: integer('unit_price_paise').notNull(),
    totalPaise: integer('total_paise').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.quoteId, t.position] }),
    check('quote_lines_kind_check', sql`${t.kind} in (${sqlList(QUOTE_LINE_KINDS)})`),
    check('quote_lines_unit_check', sql`${t.unit} in (${sqlList(QUOTE_UNITS)})`),
    check(
      'quote_lines_amounts_check',
      sql`${t.quantity} > 0 and ${t.unitPricePaise} > 0 and ${t.totalPaise} > 0 and ${t.position} > 0`,
    ),
    check('quote_lines_total_check', sql`${t.totalPaise} = round(${t.quantity} * ${t.unitPricePaise})`),
  ],
)
