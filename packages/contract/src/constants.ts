// Constants and rules with no zod import: the web app's first load reads these without paying for zod.

/**
 * The towns TownWorks started with, in the seed's order; the values are the wire values. Towns are
 * rows now (decision 048: an admin adds, renames and retires them at /admin/catalog), so this list is
 * only the initial rows (migration 0014) and test data: choices come from GET /api/towns.
 */
export const INITIAL_TOWNS = ['Armoor', 'Nizamabad', 'Nirmal'] as const
export type InitialTown = (typeof INITIAL_TOWNS)[number]
/** A town's name on the wire (the seed's English name): any row of `towns`, checked by the server. */
export type Town = string

/**
 * The services (trades) TownWorks started with. The first 11 are the seed's option list, spelled and
 * ordered exactly as the seed wrote them (including "Morter"); the trades after them were added so
 * that every catalog card books the trade it names (decision 025). Services are rows now (decision
 * 048): this list is only the initial rows (migration 0014), the catalog cards' and problem chips'
 * keys, and test data; choices come from GET /api/services.
 */
export const INITIAL_SERVICES = [
  'Plumber',
  'Electrician',
  'Painter',
  'Brick Worker',
  'Home Services',
  'Sand Services',
  'Morter Services',
  'Delivery Services',
  'Brick Services',
  'Construction Workers',
  'Construction Tools and Equipment',
  'Carpenter',
  'Welding Services',
  'Cleaning Services',
  'Steel Services',
] as const
export type InitialService = (typeof INITIAL_SERVICES)[number]
/** A service's name on the wire (the seed's English name): any row of `services`, checked by the server. */
export type Service = string

/**
 * The catalog's categories, shown first on /imdDisplay and the home page (`?category=<slug>`), in
 * the order people look for them; names are translated in common.json. Which cards each holds is
 * CATALOG_CATEGORIES in catalog.ts (the home page's first load needs only these names).
 */
export const CATALOG_CATEGORY_SLUGS = [
  'plumbing',
  'electrical',
  'painting',
  'masonry',
  'home-repairs',
  'sand-cement',
  'bricks',
  'tools',
  'delivery',
  'cleaning',
] as const
export type CatalogCategorySlug = (typeof CATALOG_CATEGORY_SLUGS)[number]

/** User roles; a visitor is anyone without a session. */
export const ROLES = ['customer', 'worker', 'operator', 'admin'] as const
export type Role = (typeof ROLES)[number]

/** Languages of the user interface and of notifications. */
export const LANGUAGES = ['en', 'te', 'hi'] as const
export type Language = (typeof LANGUAGES)[number]

/** Task statuses in the seed's order, plus the terminal `cancelled`. */
export const TASK_STATUSES = [
  'assigned',
  'work_inprogress',
  'work_pending',
  'work_completed',
  'payment_pending',
  'payment_received',
  'paid_to_worker',
  'task_completed',
  'cancelled',
] as const
export type TaskStatus = (typeof TASK_STATUSES)[number]

/**
 * Who may take a transition. `worker` means the worker assigned to the task, `customer` the
 * customer whose request the task came from, `system` the platform itself (a payment provider's
 * confirmation, the automatic close after a payout). An admin may take every operator transition.
 */
export const ACTORS = ['customer', 'worker', 'operator', 'system'] as const
export type Actor = (typeof ACTORS)[number]

export interface Transition {
  readonly to: TaskStatus
  readonly by: readonly Actor[]
}

/** The one table of allowed status changes, read by the server and the client alike. */
export const TASK_TRANSITIONS: Readonly<Record<TaskStatus, readonly Transition[]>> = {
  assigned: [
    { to: 'work_inprogress', by: ['worker', 'operator'] },
    { to: 'cancelled', by: ['operator', 'customer'] },
  ],
  work_inprogress: [
    { to: 'work_pending', by: ['worker', 'operator'] },
    { to: 'work_completed', by: ['worker', 'operator'] },
  ],
  work_pending: [
    { to: 'work_inprogress', by: ['worker', 'operator'] },
    { to: 'cancelled', by: ['operator', 'customer'] },
  ],
  work_completed: [
    { to: 'work_inprogress', by: ['customer', 'operator'] },
    { to: 'payment_pending', by: ['customer', 'operator'] },
  ],
  payment_pending: [{ to: 'payment_received', by: ['operator', 'system'] }],
  payment_received: [{ to: 'paid_to_worker', by: ['operator'] }],
  paid_to_worker: [{ to: 'task_completed', by: ['operator', 'system'] }],
  task_completed: [],
  cancelled: [],
}

/** The actors a user of this role acts as; an admin acts as an operator (and may override). */
export function actorsForRole(role: Role): readonly Actor[] {
  return role === 'admin' ? ['operator'] : [role]
}

/** Whether `actor` may move a task from `from` to `to` through the status machine. */
export function canTransition(from: TaskStatus, to: TaskStatus, actor: Actor): boolean {
  return TASK_TRANSITIONS[from].some((t) => t.to === to && t.by.includes(actor))
}

/** The statuses reachable from `from` by any of the given actors, in the machine's order. */
export function nextStatuses(from: TaskStatus, actors: readonly Actor[]): TaskStatus[] {
  return TASK_TRANSITIONS[from].filter((t) => t.by.some((a) => actors.includes(a))).map((t) => t.to)
}

/**
 * The statuses a new task may start in (POST /api/schedule's `selectedStatus`): later ones are
 * reached through the status machine, never typed in at creation. The web offers only these.
 */
export const NEW_TASK_STATUSES = ['assigned'] as const satisfies readonly TaskStatus[]
export type NewTaskStatus = (typeof NEW_TASK_STATUSES)[number]

/**
 * Statuses that say money moved (the customer paid; the worker was paid). They are reached by
 * recording the money (a payment, a payout), which moves the task itself, never by a plain status
 * change: otherwise a task would read "Payment received" while no payment is recorded, and Payouts,
 * the job page and My requests would disagree (issue 17, decision 023). An admin may still force one
 * with a reason (an override).
 */
export const RECORDED_MONEY_STATUSES = ['payment_received', 'paid_to_worker'] as const satisfies readonly TaskStatus[]

/** Whether `status` is reached only by recording money (RECORDED_MONEY_STATUSES). */
export function isRecordedMoneyStatus(status: TaskStatus): boolean {
  return (RECORDED_MONEY_STATUSES as readonly TaskStatus[]).includes(status)
}

/** A terminal status has no way out through the machine (only an admin override). */
export function isTerminal(status: TaskStatus): boolean {
  return TASK_TRANSITIONS[status].length === 0
}

/**
 * Who may call an endpoint: anyone, any logged-in user, or the listed roles.
 * The server enforces it before any work; the client uses it to hide what a role may not use.
 */
export type Access = 'public' | 'authenticated' | readonly Role[]

export const STAFF = ['operator', 'admin'] as const satisfies readonly Role[]

/** Whether a user of this role (undefined for a visitor) may call an endpoint of this access. */
export function isAllowed(access: Access, role: Role | undefined): boolean {
  if (access === 'public') return true
  if (role === undefined) return false
  if (access === 'authenticated') return true
  return access.includes(role)
}

/** Fill a Fastify-style path with values: `/api/workflow/:taskId` + {taskId: 3}. */
export function buildPath(path: string, params: Record<string, string | number> = {}): string {
  return path.replace(/:([A-Za-z_]+)/g, (_, key: string) => {
    const value = params[key]
    if (value === undefined) throw new Error(`Missing path parameter ${key} for ${path}`)
    return encodeURIComponent(String(value))
  })
}

/** Reference shown to the customer: TW-000123. */
export function requestReference(id: number): string {
  return `TW-${String(id).padStart(6, '0')}`
}

/**
 * How a person names a task on screen: its request's reference (TW-000123) when it came from a
 * request, else its own number (#45), as the messages about it do. Ids stay in URLs and the API.
 */
export function taskReference(task: { id: number; requestId: number | null }): string {
  return task.requestId !== null ? requestReference(task.requestId) : `#${task.id}`
}

/**
 * Where a task's money stands, the one answer every screen shows (job page, My requests,
 * Assignment Details, Payouts): `no_price` (nothing to pay yet), `unpaid` (a price, nothing paid),
 * `owes` (paid less than the total), `paid` (exactly the total), `overpaid` (more than the total).
 */
export const MONEY_STATES = ['no_price', 'unpaid', 'owes', 'paid', 'overpaid'] as const
export type MoneyState = (typeof MONEY_STATES)[number]

/** The money state of a task whose total is `totalPaise` (null: no price) and whose captured payment brought `paidPaise`. */
export function moneyStateOf(totalPaise: number | null, paidPaise: number): MoneyState {
  if (paidPaise === 0) return totalPaise === null ? 'no_price' : totalPaise === 0 ? 'paid' : 'unpaid'
  const balance = (totalPaise ?? 0) - paidPaise
  return balance > 0 ? 'owes' : balance < 0 ? 'overpaid' : 'paid'
}

/**
 * Who may open each screen of the web app. The menu shows, and the client's route guards allow,
 * exactly these; the API enforces the same rules on the calls behind each screen.
 */
export const SCREEN_ACCESS = {
  '/': 'public',
  '/register': 'public',
  '/login': 'public',
  '/profile': 'authenticated',
  '/imdDisplay': 'public',
  '/etass': STAFF,
  '/ts': STAFF,
  '/tsms': STAFF,
  '/ad': STAFF,
  '/wss': STAFF,
  '/asu': STAFF,
  '/swl': 'public',
  '/wfs': STAFF,
  '/un': STAFF,
  '/ff': STAFF,
  '/about': 'public',
  '/blog': 'public',
  '/my/requests': ['customer'],
  '/my/jobs': ['worker'],
  '/requests': STAFF,
  '/admin/users': ['admin'],
  '/admin/catalog': ['admin'],
  '/outbox': STAFF,
  '/pay/sandbox': 'authenticated',
  '/payouts': STAFF,
  '/invoices': STAFF,
  '/jobs/:taskId': STAFF,
  '/dashboard': STAFF,
  '/board': STAFF,
} as const satisfies Record<string, Access>
export type ScreenPath = keyof typeof SCREEN_ACCESS

// Constants of the wire the web app reads without a schema; each noun's module re-exports them.

/**
 * What became of a message. `held`: the channel's hourly budget was used up, so it waits for an
 * operator to send it again; `suppressed`: its number already had its hour's share of automatic
 * messages (SMS pumping, issue #15). Neither is sent unless an operator sends it again.
 */
export const NOTIFICATION_STATES = ['queued', 'sending', 'sent', 'failed', 'held', 'suppressed'] as const

/** States an operator may send again from the outbox. */
export const RESENDABLE_NOTIFICATION_STATES = ['failed', 'held', 'suppressed'] as const

/** The longest message an operator may type on /tsms. */
export const MESSAGE_MAX_LENGTH = 1000

/** The methods an operator records by hand. */
export const MANUAL_PAYMENT_METHODS = ['cash', 'upi-manual'] as const

/** How a worker was paid out. */
export const PAYOUT_METHODS = ['cash', 'upi', 'bank'] as const

/** The longest reference (a receipt, UPI or bank number) recorded with a payment taken by hand or a payout. */
export const PAYMENT_REFERENCE_MAX_LENGTH = 200

/**
 * The most one task may cost (price plus line items), and the most one payment or payout may be:
 * ₹1,00,00,000 (one crore) in paise. Every money column is a 32-bit integer (at most
 * 2,147,483,647 paise), so amounts under this limit, and their sums per task, always fit.
 */
export const MAX_AMOUNT_PAISE = 1_000_000_000

/** Statuses in which a task's price and line items are settled: no more changes. */
export const PRICE_LOCKED_STATUSES = ['payment_received', 'paid_to_worker', 'task_completed', 'cancelled'] as const

export const REQUEST_STATES = ['open', 'scheduled', 'rejected'] as const

/**
 * The `Idempotency-Key` header a client sends to the endpoints that declare `idempotencyKey`: one key
 * per request it means to make.
 */
export const IDEMPOTENCY_KEY_HEADER = 'Idempotency-Key'

export const ASSIGNMENT_DETAILS_PAGE_SIZES = [25, 50, 100, 200] as const

/** An Indian mobile number: 10 digits starting 6–9, optionally written with +91 or 0; spaces and dashes allowed. */
export const INDIAN_MOBILE = /^(?:\+?91|0)?[6-9]\d{9}$/

/** Normalise an Indian mobile number to E.164 (+91XXXXXXXXXX); undefined when it cannot be one. */
export function normalizeIndianMobile(input: string): string | undefined {
  const compact = input.replace(/[\s-]/g, '')
  if (!INDIAN_MOBILE.test(compact)) return undefined
  return `+91${compact.slice(-10)}`
}

/** The orders Assignment Details can sort by (GET /api/assignmentdetails?sort=). */
export const ASSIGNMENT_DETAIL_SORTS = [
  'assignment_id',
  'assignment_date',
  'created_date',
  'completion_date',
  'status',
  'worker_name',
  'task_name',
  'requester',
] as const
export type AssignmentDetailSort = (typeof ASSIGNMENT_DETAIL_SORTS)[number]

/** The dispatch board's longest period, in days: a week (decision 052). */
export const BOARD_MAX_DAYS = 7

/** How many open requests the board's unassigned column lists at most (earliest service date first). */
export const BOARD_UNASSIGNED_LIMIT = 100

/** A task's start code (issue 21): 4 digits the customer reads out to the worker at the door. */
export const START_CODE_PATTERN = /^\d{4}$/
/** Wrong start codes a task takes before the worker's tries are used up and the office is told. */
export const START_CODE_MAX_TRIES = 5
/** The statuses in which a task's customer may rate its worker: paid or closed. */
export const RATABLE_STATUSES = [
  'payment_received',
  'paid_to_worker',
  'task_completed',
] as const satisfies readonly TaskStatus[]
/** Days a rating stays editable after it is first given. */
export const RATING_EDIT_DAYS = 7
export const RATING_REVIEW_MAX_LENGTH = 500

/**
 * Error codes the API answers; the client branches on these, never on message text. Here, without
 * zod, so the web app knows a code before any of its words have loaded (lib/api-error-text.ts).
 */
export const ERROR_CODES = [
  'VALIDATION_FAILED',
  'UNAUTHENTICATED',
  'FORBIDDEN',
  'NOT_FOUND',
  'METHOD_NOT_ALLOWED',
  'CONFLICT',
  'DOUBLE_BOOKING',
  'INVALID_TRANSITION',
  'STALE_STATUS',
  'MONEY_NOT_RECORDED',
  'DUPLICATE_USER',
  'TOO_MANY_ATTEMPTS',
  'PAYLOAD_TOO_LARGE',
  'UNSUPPORTED_MEDIA_TYPE',
  'CROSS_SITE_REQUEST',
  'PASSWORD_CHANGE_REQUIRED',
  // One-time codes (issue 19): a wrong code (details.tries_left), a code that no longer works
  // (expired, used or replaced), a code whose tries are used up (a new code is needed).
  'CODE_WRONG',
  'CODE_EXPIRED',
  'CODE_TRIES_USED',
  // Staff never sign in by a code alone; staff who asked for a code after the password get this
  // from POST /api/login, with the challenge in details (SecondStepDetails).
  'STAFF_PASSWORD_REQUIRED',
  'SECOND_STEP_REQUIRED',
  // A number that is another account's (change of number, after its code was right).
  'PHONE_IN_USE',
  // Issue 21: a worker starting work without the customer's start code; a rating asked for before the
  // task is paid, or changed after its days to change it.
  'START_CODE_REQUIRED',
  'RATING_NOT_OPEN',
  // Issue 23 (decision 064): an Idempotency-Key sent again with another request than the one it first
  // came with; a worker's cash that is not what the customer owes now (details.owed_paise).
  'IDEMPOTENCY_KEY_REUSED',
  'AMOUNT_CHANGED',
  'SERVICE_UNAVAILABLE',
  'INTERNAL',
] as const
