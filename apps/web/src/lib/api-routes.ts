import type { EndpointName, endpoints } from '@townworks/contract'

/** An endpoint's method and path, as the contract has them. */
export type Route<N extends EndpointName> = readonly [(typeof endpoints)[N]['method'], (typeof endpoints)[N]['path']]

/**
 * The contract's endpoints this web app calls and what the API does not expect it to call
 * (`NOT_CALLED_BY_WEB`): together, every endpoint of the contract, proved by api-owners.test.ts.
 */
export const NOT_CALLED_BY_WEB = [
  'health',
  'ready',
  'metrics',
  'paymentWebhook',
  'ledgerSummary',
  'ledgerCheck',
  // The seed's id lists: the office's pickers read the summaries instead (issue #17); the seed's client still calls them.
  'assignments',
  'assignmentIds',
  'taskIds',
  // A service's card picture: the admin screen shows whether one is set; the catalog does not show
  // added services' cards yet (decision 048).
  'servicePicture',
] as const satisfies readonly EndpointName[]

/**
 * The files the web app saves (the tables' CSV exports, decision 045): each feature names its file's
 * path through `fileUrl<'<name>'>` (components/data-table), checked against the contract there, so
 * the first load's route table stays small.
 */
export type FileEndpointName =
  | 'exportRequests'
  | 'exportAssignmentDetails'
  | 'exportWorkerServices'
  | 'exportNotifications'
  | 'exportPayouts'
  | 'exportLedger'

/** An endpoint the web app calls through `api.call`. */
export type WebEndpointName = Exclude<EndpointName, (typeof NOT_CALLED_BY_WEB)[number] | FileEndpointName>

/**
 * Method and path of each endpoint the web calls, checked against the contract's endpoint table at
 * compile time (`satisfies`: a wrong method, a changed path, a missing or unknown name fails `tsc`).
 * Only these two strings reach the bundle: the endpoint table and its zod schemas stay on the server.
 */
export const API_ROUTES = {
  createServiceRequest: ['POST', '/api/servicerequest'],
  listRequests: ['GET', '/api/requests'],
  getRequest: ['GET', '/api/requests/:id'],
  rejectRequest: ['PUT', '/api/requests/:id/reject'],
  myRequests: ['GET', '/api/my/requests'],
  requestPhoto: ['GET', '/api/requests/:id/photo'],
  trackRequest: ['POST', '/api/track'],
  schedule: ['POST', '/api/schedule'],
  taskDetails: ['GET', '/api/taskdetails'],
  assignmentUpdate: ['PUT', '/api/assignmentupdate'],
  assignmentDetails: ['GET', '/api/assignmentdetails'],
  assignmentSummaries: ['GET', '/api/assignments/summaries'],
  taskSummaries: ['GET', '/api/tasks/summaries'],
  assignmentTask: ['GET', '/api/task-details/:assignment_id'],
  sendWhatsapp: ['POST', '/send-whatsapp'],
  notifications: ['GET', '/api/notifications'],
  notificationSettings: ['GET', '/api/notifications/settings'],
  notification: ['GET', '/api/notifications/:id'],
  retryNotification: ['POST', '/api/notifications/:id/retry'],
  taskStatuses: ['GET', '/api/taskstatus'],
  updateStatus: ['PUT', '/api/update-status/:task_id'],
  workflow: ['GET', '/api/workflow/:taskId'],
  workerServices: ['GET', '/api/workerservices'],
  createWorker: ['POST', '/api/workerservices'],
  worker: ['GET', '/api/workerservices/:worker_id'],
  updateWorker: ['PUT', '/api/workerservices/:worker_id'],
  deleteWorker: ['DELETE', '/api/workerservices/:worker_id'],
  skilledWorkers: ['GET', '/api/skilledworker'],
  addToCart: ['PUT', '/api/skilledworker/cart'],
  workerAvailability: ['GET', '/api/workers/:id/availability'],
  setWorkerAvailability: ['PUT', '/api/workers/:id/availability'],
  myJobs: ['GET', '/api/my/jobs'],
  job: ['GET', '/api/jobs/:taskId'],
  dashboardToday: ['GET', '/api/dashboard/today'],
  dashboardCharts: ['GET', '/api/dashboard/charts'],
  board: ['GET', '/api/board'],
  // Read by an EventSource, not api.call (features/board/api/board-events.ts).
  boardEvents: ['GET', '/api/board/events'],
  resetPassword: ['POST', '/api/admin/users/:id/password-reset'],
  invite: ['POST', '/api/admin/invites'],
  workerSuggestions: ['GET', '/api/workers/suggestions'],
  login: ['POST', '/api/login'],
  register: ['POST', '/api/register'],
  logout: ['POST', '/api/logout'],
  refresh: ['POST', '/api/refresh'],
  me: ['GET', '/api/me'],
  changeMyPassword: ['PUT', '/api/me/password'],
  updateMyName: ['PUT', '/api/me/name'],
  myNotifications: ['GET', '/api/me/notifications'],
  updateMyNotifications: ['PUT', '/api/me/notifications'],
  updateMyLanguage: ['PUT', '/api/me/language'],
  adminUsers: ['GET', '/api/admin/users'],
  updateUser: ['PATCH', '/api/admin/users/:id'],
  linkWorker: ['PUT', '/api/admin/users/:id/worker'],
  taskCharges: ['GET', '/api/tasks/:id/charges'],
  setTaskPrice: ['PUT', '/api/tasks/:id/price'],
  addLineItem: ['POST', '/api/tasks/:id/line-items'],
  recordManualPayment: ['POST', '/api/tasks/:id/payments/manual'],
  createPaymentOrder: ['POST', '/api/tasks/:id/payments/order'],
  getPaymentOrder: ['GET', '/api/payments/orders/:orderId'],
  verifyPayment: ['POST', '/api/payments/verify'],
  paymentOptions: ['GET', '/api/payments/options'],
  completeSandboxPayment: ['POST', '/api/payments/sandbox/complete'],
  refundPayment: ['POST', '/api/payments/:id/refund'],
  payoutsOwed: ['GET', '/api/payouts/owed'],
  listPayouts: ['GET', '/api/payouts'],
  createPayout: ['POST', '/api/payouts'],
  myPayouts: ['GET', '/api/my/payouts'],
  otpChannels: ['GET', '/api/auth/otp/channels'],
  otpStart: ['POST', '/api/auth/otp/start'],
  otpVerify: ['POST', '/api/auth/otp/verify'],
  otpResend: ['POST', '/api/auth/otp/resend'],
  otpComplete: ['POST', '/api/auth/otp/complete'],
  passwordResetStart: ['POST', '/api/auth/password-reset/start'],
  passwordResetComplete: ['POST', '/api/auth/password-reset/complete'],
  myPhoneStart: ['POST', '/api/me/phone/start'],
  myPhoneVerify: ['POST', '/api/me/phone/verify'],
  mySecondStep: ['PUT', '/api/me/second-step'],
  staffSecurity: ['GET', '/api/admin/security'],
  updateStaffSecurity: ['PUT', '/api/admin/security'],
  towns: ['GET', '/api/towns'],
  services: ['GET', '/api/services'],
  createTown: ['POST', '/api/admin/towns'],
  updateTown: ['PUT', '/api/admin/towns/:id'],
  createService: ['POST', '/api/admin/services'],
  updateService: ['PUT', '/api/admin/services/:id'],
  setServicePicture: ['PUT', '/api/admin/services/:id/picture'],
} as const satisfies { readonly [N in WebEndpointName]: Route<N> }
