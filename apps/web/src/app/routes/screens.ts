import type { Access } from '@townworks/contract/constants'
import type { RouteId } from './route-titles'

/**
 * What each screen loads besides its code, as plain data: router.tsx loads it with the screen,
 * and the build (build/route-preloads.ts) lists the same files so the server can tell the browser
 * about them in the page's HTML, before the app has even started (decision 015).
 */

/** Translation namespaces a screen needs besides the bundled core ones; loaded with its code. */
export type ScreenNamespace =
  | 'home'
  | 'about'
  | 'blog'
  | 'auth'
  | 'requests'
  | 'myRequests'
  | 'requestActions'
  | 'requestDetails'
  | 'catalog'
  | 'assignments'
  | 'workers'
  | 'myJobs'
  | 'workflow'
  | 'notifications'
  | 'users'
  | 'payments'
  | 'jobs'
  | 'dashboard'
  | 'board'
  | 'reference'
  | 'invoices'

export const SCREEN_NAMESPACES: Record<RouteId, readonly ScreenNamespace[]> = {
  home: ['home'],
  register: ['auth'],
  login: ['auth'],
  profile: ['auth'],
  imdDisplay: ['requests', 'requestDetails', 'catalog'],
  etass: ['assignments'],
  ts: ['assignments'],
  tsms: ['notifications'],
  ad: ['assignments'],
  wss: ['workers'],
  asu: ['assignments'],
  swl: ['workers'],
  wfs: ['workflow'],
  un: ['workflow'],
  ff: ['workflow'],
  about: ['about'],
  blog: ['blog'],
  myRequests: ['myRequests'],
  myJobs: ['myJobs'],
  requests: ['requests', 'requestDetails'],
  adminUsers: ['users'],
  adminCatalog: ['reference'],
  outbox: ['notifications'],
  paySandbox: ['payments'],
  payouts: ['payments'],
  invoices: ['invoices'],
  job: ['jobs', 'assignments'],
  dashboard: ['dashboard'],
  board: ['board'],
}

/**
 * Screens that paint without the query cache, which they do not load: the diagram demos draw fixed
 * data, and /imdDisplay's catalogue is the contract's constants (its request form brings the cache
 * when it loads, decision 046).
 */
/**
 * The lead under a customer's, worker's or visitor's screen title, as [namespace, key]: the server
 * paints the title and this lead in the first-paint shell (issue 24), so a phone shows the screen's
 * words before any bundle has run. Each route passes the same key to <Screen lead>; screens.test.ts
 * checks they agree.
 */
export const SCREEN_LEADS: Partial<Record<RouteId, readonly [ScreenNamespace, string]>> = {
  imdDisplay: ['requests', 'catalog.lead'],
  swl: ['workers', 'skilledWorkers.lead'],
  about: ['about', 'lead'],
  blog: ['blog', 'lead'],
  myJobs: ['myJobs', 'lead'],
  myRequests: ['myRequests', 'lead'],
  paySandbox: ['payments', 'sandbox.lead'],
}

export const SCREENS_WITHOUT_DATA: ReadonlySet<RouteId> = new Set(['home', 'about', 'blog', 'ff', 'un', 'imdDisplay'])

/**
 * The module of each screen under app/routes, named for what the screen does: the seed's short ids
 * (etass, asu, wss…) stay in the addresses and route titles only. The router imports these files and
 * the build (build/route-preloads.ts) fails when a screen's chunk is not where this table says.
 */
export const SCREEN_FILES = {
  home: 'home',
  register: 'register',
  login: 'login',
  profile: 'profile',
  imdDisplay: 'service-registration',
  etass: 'assignment-update',
  ts: 'schedule',
  tsms: 'send-message',
  ad: 'assignment-details',
  wss: 'worker-services',
  asu: 'status-update',
  swl: 'skilled-workers',
  wfs: 'workflow',
  un: 'update-node',
  ff: 'first-flow',
  about: 'about',
  blog: 'blog',
  myRequests: 'my-requests',
  myJobs: 'my-jobs',
  requests: 'requests',
  adminUsers: 'admin-users',
  adminCatalog: 'towns-and-services',
  outbox: 'outbox',
  paySandbox: 'pay-sandbox',
  payouts: 'payouts',
  invoices: 'invoices',
  job: 'job',
  dashboard: 'dashboard',
  board: 'dispatch-board',
} as const satisfies Record<RouteId, string>

/** The file name (without .tsx) of a screen's module under app/routes. */
export function screenModuleName(id: RouteId): string {
  return SCREEN_FILES[id]
}

/**
 * Whether only the office opens a screen (operators, admins): the page then names the office's own
 * route table (lib/api-route-table-office.ts) among what to fetch with the screen
 * (build/route-preloads.ts), so its first call finds it already here.
 */
export function isOfficeScreen(access: Access): boolean {
  return Array.isArray(access) && access.every((role) => role === 'operator' || role === 'admin')
}
