import type { Endpoint } from './endpoint'
import { healthEndpoints } from './health'
import { requestsEndpoints } from './requests'
import { assignmentsEndpoints } from './assignments'
import { notificationsEndpoints } from './notifications'
import { tasksEndpoints } from './tasks'
import { workersEndpoints } from './workers'
import { authEndpoints } from './auth'
import { usersEndpoints } from './users'
import { paymentsEndpoints } from './payments'
import { jobsEndpoints } from './jobs'
import { otpEndpoints } from './otp'
import { dashboardEndpoints } from './dashboard'
import { boardEndpoints } from './board'
import { referenceEndpoints } from './reference'
import { trustEndpoints } from './trust'
import { taskPhotosEndpoints } from './task-photos'
import { workerProfileEndpoints } from './worker-profile'
import { invoicesEndpoints } from './invoices'
import { quotesEndpoints } from './quotes'
import { priceGuideEndpoints } from './price-guide'

/** Every API route of TownWorks, gathered from each noun's group. The server registers routes only from this table. */
export const endpoints = {
  ...healthEndpoints,
  ...requestsEndpoints,
  ...assignmentsEndpoints,
  ...notificationsEndpoints,
  ...tasksEndpoints,
  ...workersEndpoints,
  ...authEndpoints,
  ...usersEndpoints,
  ...paymentsEndpoints,
  ...jobsEndpoints,
  ...otpEndpoints,
  ...dashboardEndpoints,
  ...boardEndpoints,
  ...referenceEndpoints,
  ...trustEndpoints,
  ...taskPhotosEndpoints,
  ...workerProfileEndpoints,
  ...invoicesEndpoints,
  ...quotesEndpoints,
  ...priceGuideEndpoints,
} as const satisfies Record<string, Endpoint>

export type EndpointName = keyof typeof endpoints
