import type { Role } from '@townworks/contract'
import { QueryClientProvider } from '@tanstack/react-query'
import { render, type RenderResult } from '@testing-library/react'
import { useLayoutEffect, type ReactNode } from 'react'
import { Providers } from '../app/providers'
import { AppRoutes } from '../app/router'
import { createQueryClient } from '../lib/query-client'
import { ReferenceRows } from '../lib/shared-api/reference'
import {
  MemoryRouter,
  Route,
  Switch,
  useLocation,
  useNavigationType,
  type Location,
  type NavigationType,
} from '../lib/router'

/** A route of a tree made for a test: the first whose path matches the address renders. */
export interface TestRoute {
  path: string
  element: ReactNode
}

export interface RenderOptions {
  /** The role of the signed-in user; undefined renders as a visitor. */
  role?: Role | undefined
  /** The address to start at (memory router). */
  path?: string
  /** Routes to render instead of the app's own (AppRoutes). */
  routes?: TestRoute[]
  /**
   * Ask the (mocked) server who is signed in (GET /api/me), as the app does, instead of a fixed
   * role: a sign-in during the test then changes the session. `role` is ignored.
   */
  serverSession?: boolean
}

/** Where the memory router is now, for assertions: the address and how the app got there. */
export interface RouterProbe {
  readonly state: { location: Location; historyAction: NavigationType }
}

type Seen = { location?: Location; historyAction?: NavigationType }

/** Records where the memory router is, after each commit. */
function Probe({ onChange }: { onChange: (seen: Seen) => void }) {
  const location = useLocation()
  const historyAction = useNavigationType()
  useLayoutEffect(() => onChange({ location, historyAction }), [location, historyAction, onChange])
  return null
}

/** Render the app's real route tree (layout, lazy screens, error screens) at `path`, with fresh providers. */
export function renderApp({ role, path = '/', routes, serverSession = false }: RenderOptions = {}): RenderResult & {
  router: RouterProbe
} {
  let seen: Seen = {}
  const record = (next: Seen) => {
    seen = next
  }
  const result = render(
    <Providers auth={serverSession ? undefined : { role, user: role ? `test-${role}` : undefined }}>
      <QueryClientProvider client={createQueryClient()}>
        <ReferenceRows />
        <MemoryRouter path={path}>
          {routes ? (
            <Switch>
              {routes.map((route) => (
                <Route key={route.path} path={route.path}>
                  {route.element}
                </Route>
              ))}
            </Switch>
          ) : (
            <AppRoutes />
          )}
          <Probe onChange={record} />
        </MemoryRouter>
      </QueryClientProvider>
    </Providers>,
  )
  const router: RouterProbe = {
    get state() {
      if (!seen.location || !seen.historyAction) throw new Error('The router has not rendered yet')
      return { location: seen.location, historyAction: seen.historyAction }
    },
  }
  return { ...result, router }
}

/** Render a piece of UI inside providers and a memory router (for components that use links). */
export function renderWithRouter(
  ui: ReactNode,
  { role, path = '/', serverSession }: Omit<RenderOptions, 'routes'> = {},
) {
  return renderApp({ role, path, serverSession: serverSession ?? false, routes: [{ path: '*', element: ui }] })
}
