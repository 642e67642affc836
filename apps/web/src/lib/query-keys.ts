import type {
  AdminUsersQuery,
  AssignmentDetailsQuery,
  BoardQuery,
  DashboardChartsQuery,
  InvoicesQuery,
  JobSummariesQuery,
  NotificationsQuery,
  RequestsQuery,
  WorkerServicesQuery,
  WorkerSuggestionsQuery,
} from '@townworks/contract'

// Every query key of the web app, one factory per noun and one key per endpoint read (see
// docs/architecture.md, "One owner per endpoint"). They live here, not in the features, so a write
// owned by one feature can refresh what another shows (a status change refreshes /asu, /wfs,
// /my/jobs and /my/requests alike) without a feature importing another. Type-only imports: no cost.

export const tasksKeys = {
  all: ['tasks'] as const,
  /** GET /api/jobs/{taskId}: under `tasks`, so every status change reads the job page again */
  job: (taskId: number) => ['tasks', 'job', taskId] as const,
  /** GET /api/tasks/summaries */
  summaries: (query: Partial<JobSummariesQuery>) => ['tasks', 'summaries', query] as const,
  /** GET /api/tasks/{task_id}/photos: under `tasks`, so a status change reads whether more may be added */
  photos: (taskId: number) => ['tasks', 'photos', taskId] as const,
}

export const assignmentsKeys = {
  all: ['assignments'] as const,
  /** GET /api/assignments/summaries (pickers) */
  summaries: (q: string) => ['assignments', 'summaries', q] as const,
  /** GET /api/taskstatus */
  statuses: () => ['assignments', 'statuses'] as const,
  /** GET /api/taskdetails */
  form: (assignmentId: number) => ['assignments', 'form', assignmentId] as const,
  /** GET /api/task-details/{assignment_id} */
  task: (assignmentId: number) => ['assignments', 'task', assignmentId] as const,
  /** GET /api/assignmentdetails */
  details: (query: Partial<AssignmentDetailsQuery>) => ['assignments', 'details', query] as const,
  /** GET /api/workers/suggestions */
  suggestions: (query: WorkerSuggestionsQuery) => ['assignments', 'suggestions', query] as const,
}

export const requestsKeys = {
  all: ['requests'] as const,
  /** GET /api/my/requests */
  mine: () => ['requests', 'mine'] as const,
  /** GET /api/requests */
  list: (query: Partial<RequestsQuery>) => ['requests', 'list', query] as const,
  /** GET /api/requests/{id} */
  detail: (id: number) => ['requests', 'detail', id] as const,
  /** GET /api/requests/{id}/photo */
  photo: (id: number) => ['requests', 'photo', id] as const,
  /** GET /api/requests/{id}/quotes: under `requests`, so scheduling or rejecting the request reads them again */
  quotes: (id: number) => ['requests', 'quotes', id] as const,
}

export const workersKeys = {
  all: ['workers'] as const,
  /** GET /api/workerservices */
  services: (filter: WorkerServicesQuery) => ['workers', 'services', filter] as const,
  /** GET /api/workerservices/{worker_id} */
  detail: (workerId: number) => ['workers', 'detail', workerId] as const,
  /** GET /api/skilledworker */
  skilled: () => ['workers', 'skilled'] as const,
  /** GET /api/workers/{id}/availability */
  availability: (workerId: number) => ['workers', 'availability', workerId] as const,
  /** GET /api/my/jobs */
  myJobs: () => ['workers', 'my-jobs'] as const,
  /** GET /api/workers/{worker_id}/profile */
  profile: (workerId: number) => ['workers', 'profile', workerId] as const,
}

export const workflowKeys = {
  all: ['workflow'] as const,
  /** GET /api/workflow/{taskId} */
  records: (taskId: number) => ['workflow', taskId] as const,
}

export const notificationsKeys = {
  all: ['notifications'] as const,
  /** GET /api/notifications */
  list: (query: Partial<NotificationsQuery>) => ['notifications', 'list', query] as const,
  /** GET /api/notifications/{id} */
  one: (id: number) => ['notifications', 'one', id] as const,
  /** GET /api/notifications/settings */
  settings: () => ['notifications', 'settings'] as const,
}

export const paymentsKeys = {
  all: ['payments'] as const,
  /** GET /api/payments/orders/{orderId} */
  order: (orderId: string) => ['payments', 'order', orderId] as const,
  /** GET /api/payouts/owed */
  owed: () => ['payments', 'owed'] as const,
  /** GET /api/payouts */
  payouts: () => ['payments', 'payouts'] as const,
  /** GET /api/my/payouts */
  mine: () => ['payments', 'my-payouts'] as const,
  /** GET /api/payments/options */
  options: () => ['payments', 'options'] as const,
  /** GET /api/tasks/{id}/charges */
  charges: (taskId: number) => ['payments', 'charges', taskId] as const,
}

/**
 * Receipts, tax invoices and credit notes (decision 060). Under `payments`: a payment or a refund
 * issues a document, and every payment write reads `paymentsKeys.all` again.
 */
export const invoicesKeys = {
  all: ['payments', 'invoices'] as const,
  /** GET /api/invoices */
  list: (query: Partial<InvoicesQuery>) => ['payments', 'invoices', 'list', query] as const,
}

export const usersKeys = {
  all: ['users'] as const,
  /** GET /api/admin/users */
  list: (query: Partial<AdminUsersQuery>) => ['users', 'list', query] as const,
  /** GET /api/admin/security */
  staffSecurity: () => ['users', 'staff-security'] as const,
}

export const authKeys = {
  /** GET /api/auth/otp/channels */
  otpChannels: () => ['auth', 'otp-channels'] as const,
}

export const dashboardKeys = {
  all: ['dashboard'] as const,
  /** GET /api/dashboard/today */
  today: () => ['dashboard', 'today'] as const,
  /** GET /api/dashboard/charts */
  charts: (query: DashboardChartsQuery) => ['dashboard', 'charts', query] as const,
}

export const boardKeys = {
  all: ['board'] as const,
  /** GET /api/board */
  board: (query: BoardQuery) => ['board', query] as const,
}

export const referenceKeys = {
  all: ['reference'] as const,
  /** GET /api/towns */
  towns: () => ['reference', 'towns'] as const,
  /** GET /api/services */
  services: () => ['reference', 'services'] as const,
  /** GET /api/price-ranges (the customer's "about ₹X–₹Y", decision 063) */
  priceRanges: () => ['reference', 'price-ranges'] as const,
}

export const sessionKeys = {
  /** GET /api/me, the whole profile (the session store keeps only who and which role, without the query cache). */
  profile: () => ['session', 'profile'] as const,
  /** GET /api/me/notifications: the channels the person takes messages on. */
  notifications: () => ['session', 'notifications'] as const,
}

/** What a task's status change can alter on any screen: the task, its assignments, jobs, requests, history, money. */
export const TASK_STATUS_DEPENDENTS = [
  tasksKeys.all,
  assignmentsKeys.all,
  workflowKeys.all,
  requestsKeys.all,
  workersKeys.myJobs(),
  paymentsKeys.all,
] as const
