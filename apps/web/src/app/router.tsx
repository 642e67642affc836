import { lazy, Suspense, type ComponentType, type ReactNode } from 'react'
import { i18n } from '../lib/i18n'
import { LazyLoadError, loadWithTimeout } from '../lib/lazy-with-timeout'
import { matchesPath, Route, Switch, useLocation } from '../lib/router'
import { AppLoading } from './errors/app-loading'
import { ErrorBoundary } from '../components/error-boundary'
import { NotFoundScreen, RootErrorScreen, RouteErrorScreen } from './errors/route-error-screen'
import { RootLayout } from './layout/root-layout'
import { trackScreenLoad } from './screen-loading'
import { ROUTE_IDS, ROUTE_PATHS, type AppPath, type RouteId } from './routes/route-titles'
import { guarded } from './screen-guard'
import { SCREEN_NAMESPACES, SCREENS_WITHOUT_DATA, type ScreenNamespace } from './routes/screens'

/** What a screen module under app/routes exports: its screen as `Component`. */
interface ScreenModule {
  Component: ComponentType
}

interface ScreenDefinition {
  load: () => Promise<ScreenModule>
  namespaces?: readonly ScreenNamespace[]
  /** Whether the screen reads or writes data: it then renders inside the query cache (QueryScope). */
  data?: boolean
}

/**
 * Every screen's code, lazily loaded: one chunk per route, its module named as SCREEN_FILES says
 * (the build fails when one is not).
 */
const SCREEN_MODULES: Record<RouteId, () => Promise<ScreenModule>> = {
  home: () => import('./routes/home'),
  register: () => import('./routes/register'),
  login: () => import('./routes/login'),
  profile: () => import('./routes/profile'),
  imdDisplay: () => import('./routes/service-registration'),
  etass: () => import('./routes/assignment-update'),
  ts: () => import('./routes/schedule'),
  tsms: () => import('./routes/send-message'),
  ad: () => import('./routes/assignment-details'),
  wss: () => import('./routes/worker-services'),
  asu: () => import('./routes/status-update'),
  swl: () => import('./routes/skilled-workers'),
  wfs: () => import('./routes/workflow'),
  un: () => import('./routes/update-node'),
  ff: () => import('./routes/first-flow'),
  about: () => import('./routes/about'),
  blog: () => import('./routes/blog'),
  myRequests: () => import('./routes/my-requests'),
  myJobs: () => import('./routes/my-jobs'),
  requests: () => import('./routes/requests'),
  adminUsers: () => import('./routes/admin-users'),
  adminCatalog: () => import('./routes/towns-and-services'),
  outbox: () => import('./routes/outbox'),
  paySandbox: () => import('./routes/pay-sandbox'),
  payouts: () => import('./routes/payouts'),
  invoices: () => import('./routes/invoices'),
  job: () => import('./routes/job'),
  dashboard: () => import('./routes/dashboard'),
  board: () => import('./routes/dispatch-board'),
}

/** Load a screen's translations in the active language; reject when they cannot be had at all. */
async function loadNamespaces(namespaces: readonly ScreenNamespace[]): Promise<void> {
  if (namespaces.length === 0) return
  await i18n.loadNamespaces([...namespaces])
  if (!namespaces.every((ns) => i18n.hasLoadedNamespace(ns))) throw new Error('Translations did not load')
}

/** A lazily loaded screen component, and a way to start loading it before it renders. */
export type LazyScreen = ComponentType & { preload: () => Promise<unknown> }

/**
 * One screen as a lazy component: its code and its translations together, so it renders complete,
 * with the seed's 120 s limit; a failure or time-out becomes a LazyLoadError for the error screen.
 * Navigations are transitions, so the previous screen stays on view while this one loads.
 */
export function lazyScreen(
  { load, namespaces = [], data = false }: ScreenDefinition,
  timeoutMs?: number,
  path?: AppPath,
): LazyScreen {
  let loading: Promise<{ default: ComponentType }> | undefined
  const preload = () => {
    if (!loading) {
      trackScreenLoad(1)
      loading = loadWithTimeout(
        () => Promise.all([load(), loadNamespaces(namespaces), data ? import('../lib/query-scope') : undefined]),
        timeoutMs,
      )
        .then(([module, , scope]) => {
          if (typeof module.Component !== 'function') throw new LazyLoadError('failed')
          const Screen = path ? guarded(path, module.Component) : module.Component
          if (!scope) return { default: Screen }
          const { QueryScope } = scope
          return {
            default: function ScreenWithData() {
              return (
                <QueryScope>
                  <Screen />
                </QueryScope>
              )
            },
          }
        })
        .finally(() => trackScreenLoad(-1))
    }
    return loading
  }
  return Object.assign(lazy(preload), { preload })
}

/**
 * Where every screen renders: an error boundary (a screen that throws or does not arrive shows the
 * error screen inside the layout, cleared by the next address) around the lazily loaded screen.
 */
export function ScreenOutlet({ children }: { children: ReactNode }) {
  const { pathname } = useLocation()
  return (
    <ErrorBoundary resetKey={pathname} fallback={(error) => <RouteErrorScreen error={error} />}>
      <Suspense fallback={<AppLoading />}>{children}</Suspense>
    </ErrorBoundary>
  )
}

/** The layout, or the standalone error screen when the layout itself cannot render. */
export function RootRoute({ children }: { children: ReactNode }) {
  return (
    <ErrorBoundary fallback={(error) => <RootErrorScreen error={error} />}>
      <RootLayout>{children}</RootLayout>
    </ErrorBoundary>
  )
}

/** Every screen's path and lazy component, in the order of ROUTE_PATHS. */
export const routes = ROUTE_IDS.map((id) => ({
  id,
  path: ROUTE_PATHS[id],
  Component: lazyScreen(
    { load: SCREEN_MODULES[id], namespaces: SCREEN_NAMESPACES[id], data: !SCREENS_WITHOUT_DATA.has(id) },
    undefined,
    ROUTE_PATHS[id],
  ),
}))

/**
 * Start loading the screen of `pathname` (the first one, before React renders). Settles when it has
 * loaded or failed (never rejects): the failure is the error screen's to show when it renders.
 */
export function preloadScreen(pathname: string): Promise<void> {
  const screen = routes.find((route) => matchesPath(route.path, pathname))
  return Promise.resolve(screen?.Component.preload()).then(
    () => undefined,
    () => undefined,
  )
}

/**
 * The app's routes for the current address (inside a BrowserRouter or MemoryRouter): the layout
 * around every screen, an error boundary inside it, the first screen whose path matches, else the 404.
 */
export function AppRoutes() {
  return (
    <RootRoute>
      <ScreenOutlet>
        <Switch>
          {routes.map(({ id, path, Component }) => (
            <Route key={id} path={path}>
              <Component />
            </Route>
          ))}
          <Route>
            <NotFoundScreen />
          </Route>
        </Switch>
      </ScreenOutlet>
    </RootRoute>
  )
}
