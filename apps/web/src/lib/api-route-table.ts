import { SHELL_ROUTES, type OfficeEndpointName, type Route, type WebEndpointName } from './api-routes'

/**
 * Method and path of each endpoint the web calls, checked against the contract's endpoint table at
 * compile time (`satisfies`: a wrong method, a changed path, a missing or unknown name fails `tsc`).
 * Only these two strings reach the bundle: the endpoint table and its zod schemas stay on the server.
 * The office's own endpoints are in api-route-table-office.ts.
 */
export const API_ROUTES = {
  ...SHELL_ROUTES,
  createServiceRequest: ['POST', '/api/servicerequest'],
  myRequests: ['GET', '/api/my/requests'],
  setRequestBilling: ['PUT', '/api/requests/:id/billing'],
  requestPhoto: ['GET', '/api/requests/:id/photo'],
  trackRequest: ['POST', '/api/track'],
  taskStatuses: ['GET', '/api/taskstatus'],
  updateStatus: ['PUT', '/api/update-status/:task_id'],
  skilledWorkers: ['GET', '/api/skilledworker'],
  addToCart: ['PUT', '/api/skilledworker/cart'],
  // Read by an EventSource, not api.call (features/board/api/board-events.ts).
  changeMyPassword: ['PUT', '/api/me/password'],
  updateMyName: ['PUT', '/api/me/name'],
  myNotifications: ['GET', '/api/me/notifications'],
  updateMyNotifications: ['PUT', '/api/me/notifications'],
  createPaymentOrder: ['POST', '/api/tasks/:id/payments/order'],
  getPaymentOrder: ['GET', '/api/payments/orders/:orderId'],
  verifyPayment: ['POST', '/api/payments/verify'],
  paymentOptions: ['GET', '/api/payments/options'],
  completeSandboxPayment: ['POST', '/api/payments/sandbox/complete'],
  otpChannels: ['GET', '/api/auth/otp/channels'],
  otpStart: ['POST', '/api/auth/otp/start'],
  otpVerify: ['POST', '/api/auth/otp/verify'],
  otpResend: ['POST', '/api/auth/otp/resend'],
  otpComplete: ['POST', '/api/auth/otp/complete'],
  passwordResetStart: ['POST', '/api/auth/password-reset/start'],
  passwordResetComplete: ['POST', '/api/auth/password-reset/complete'],
  myPhoneStart: ['POST', '/api/me/phone/start'],
  myPhoneVerify: ['POST', '/api/me/phone/verify'],
  towns: ['GET', '/api/towns'],
  services: ['GET', '/api/services'],
  priceRanges: ['GET', '/api/price-ranges'],
  workerProfile: ['GET', '/api/workers/:worker_id/profile'],
  rateTask: ['PUT', '/api/tasks/:task_id/rating'],
  taskPhotos: ['GET', '/api/tasks/:task_id/photos'],
  workerAvailability: ['GET', '/api/workers/:id/availability'],
  setWorkerAvailability: ['PUT', '/api/workers/:id/availability'],
  myJobs: ['GET', '/api/my/jobs'],
  myPayouts: ['GET', '/api/my/payouts'],
  startTask: ['POST', '/api/tasks/:task_id/start'],
  // The worker's "Cash received" on My jobs, sent from the phone's queue with an Idempotency-Key (issue 23).
  recordCashReceived: ['POST', '/api/my/jobs/:task_id/cash'],
  addTaskPhoto: ['POST', '/api/tasks/:task_id/photos'],
  deleteTaskPhoto: ['DELETE', '/api/task-photos/:id'],
  setWorkerPhoto: ['PUT', '/api/workers/:id/photo'],
  deleteWorkerPhoto: ['DELETE', '/api/workers/:id/photo'],
  setWorkerLanguages: ['PUT', '/api/workers/:id/languages'],
  // Every version of a request's quote: the office's quote dialog reads it (the request's customer may too).
  acceptQuote: ['POST', '/api/quotes/:id/accept'],
  declineQuote: ['POST', '/api/quotes/:id/decline'],
} as const satisfies { readonly [N in Exclude<WebEndpointName, OfficeEndpointName>]: Route<N> }
