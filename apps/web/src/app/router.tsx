import type { ComponentType } from 'react'
import { createBrowserRouter, data, type RouteObject } from 'react-router'
import { i18n } from '../lib/i18n'
import { LazyLoadError, loadWithTimeout } from '../lib/lazy-with-timeout'
import { AppLoading } from './errors/app-loading'
import { RootErrorScreen, RouteErrorScreen } from './errors/route-error-screen'
import { RootLayout } from './layout/root-layout'
import { ROUTE_IDS, ROUTE_PATHS, type AppPath, type RouteId } from './routes/route-titles'
import { guarded } from './screen-guard'

/** What a screen module under app/routes exports (React Router's lazy route properties). */
interface ScreenModule {
  Component: ComponentType
}

/** Translation namespaces a screen needs besides the bundled core ones; loaded with its code. */
type ScreenNamespace =
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

interface ScreenDefinition {
  load: () => Promise<ScreenModule>
  namespaces?: readonly ScreenNamespace[]
}

/** Every screen, lazily loaded: one chunk per route. */
const SCREENS: Record<RouteId, ScreenDefinition> = {
  home: { load: () => import('./routes/home'), namespaces: ['home'] },
  register: { load: () => import('./routes/register'), namespaces: ['auth'] },
  login: { load: () => import('./routes/login'), namespaces: ['auth'] },
  profile: { load: () => import('./routes/profile'), namespaces: ['auth'] },
  imdDisplay: { load: () => import('./routes/imd-display'), namespaces: ['requests'] },
  etass: { load: () => import('./routes/etass'), namespaces: ['assignments'] },
  ts: { load: () => import('./routes/ts'), namespaces: ['assignments'] },
  tsms: { load: () => import('./routes/tsms'), namespaces: ['notifications'] },
  ad: { load: () => import('./routes/ad'), namespaces: ['assignments'] },
  wss: { load: () => import('./routes/wss'), namespaces: ['workers'] },
  asu: { load: () => import('./routes/asu'), namespaces: ['assignments'] },
  swl: { load: () => import('./routes/swl'), namespaces: ['workers'] },
  wfs: { load: () => import('./routes/wfs'), namespaces: ['workflow'] },
  un: { load: () => import('./routes/un'), namespaces: ['workflow'] },
  ff: { load: () => import('./routes/ff'), namespaces: ['workflow'] },
  about: { load: () => import('./routes/about'), namespaces: ['about'] },
  blog: { load: () => import('./routes/blog'), namespaces: ['blog'] },
  myRequests: { load: () => import('./routes/my-requests'), namespaces: ['requests'] },
  myJobs: { load: () => import('./routes/my-jobs'), namespaces: ['workers'] },
  requests: { load: () => import('./routes/requests'), namespaces: ['requests'] },
  adminUsers: { load: () => import('./routes/admin-users'), namespaces: ['users'] },
  outbox: { load: () => import('./routes/outbox'), namespaces: ['notifications'] },
  paySandbox: { load: () => import('./routes/pay-sandbox'), namespaces: ['payments'] },
  payouts: { load: () => import('./routes/payouts'), namespaces: ['payments'] },
}

/** Load a screen's translations in the active language; reject when they cannot be had at all. */
async function loadNamespaces(namespaces: readonly ScreenNamespace[]): Promise<void> {
  if (namespaces.length === 0) return
  await i18n.loadNamespaces([...namespaces])
  if (!namespaces.every((ns) => i18n.hasLoadedNamespace(ns))) throw new Error('Translations did not load')
}

/**
 * The `lazy` of one screen: its code and its translations together, so it renders complete, with
 * the seed's 120 s limit; a failure or time-out becomes a LazyLoadError for the error screen.
 */
export function lazyScreen({ load, namespaces = [] }: ScreenDefinition, timeoutMs?: number, path?: AppPath) {
  return async (): Promise<Pick<RouteObject, 'Component'>> => {
    const [module] = await loadWithTimeout(() => Promise.all([load(), loadNamespaces(namespaces)]), timeoutMs)
    if (typeof module.Component !== 'function') throw new LazyLoadError('failed')
    return { Component: path ? guarded(path, module.Component) : module.Component }
  }
}

/** Any other address: a 404 for the error boundary, so it reads like the seed's routing error. */
function notFound(): never {
  throw data(null, { status: 404, statusText: 'Not Found' })
}

/** Never rendered (the loader always throws); present so the router sees a complete leaf route. */
function NotFound() {
  return null
}

/** The route tree: the layout around every screen, an error boundary inside it, and a 404 for the rest. */
export const routes: RouteObject[] = [
  {
    id: 'root',
    Component: RootLayout,
    ErrorBoundary: RootErrorScreen,
    HydrateFallback: AppLoading,
    children: [
      {
        id: 'screens',
        ErrorBoundary: RouteErrorScreen,
        children: [
          ...ROUTE_IDS.map((id): RouteObject => ({
            id,
            path: ROUTE_PATHS[id],
            lazy: lazyScreen(SCREENS[id], undefined, ROUTE_PATHS[id]),
          })),
          { id: 'not-found', path: '*', loader: notFound, Component: NotFound },
        ],
      },
    ],
  },
]

/** The app's browser router. */
export function createAppRouter() {
  return createBrowserRouter(routes)
}
