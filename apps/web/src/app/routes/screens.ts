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
  | 'assignments'
  | 'workers'
  | 'workflow'
  | 'notifications'
  | 'users'
  | 'payments'

export const SCREEN_NAMESPACES: Record<RouteId, readonly ScreenNamespace[]> = {
  home: ['home'],
  register: ['auth'],
  login: ['auth'],
  profile: ['auth'],
  imdDisplay: ['requests'],
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
  myRequests: ['requests'],
  myJobs: ['workers'],
  requests: ['requests'],
  adminUsers: ['users'],
  outbox: ['notifications'],
  paySandbox: ['payments'],
  payouts: ['payments'],
}

/** Screens that never call the API (the diagram demos draw fixed data): they render without the query cache, which they do not load. */
export const SCREENS_WITHOUT_DATA: ReadonlySet<RouteId> = new Set(['home', 'about', 'blog', 'ff', 'un'])

/** The module of a screen under app/routes: its id in kebab case (myJobs → my-jobs.tsx). */
export function screenModuleName(id: RouteId): string {
  return id.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`)
}
