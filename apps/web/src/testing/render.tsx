import type { Role } from '@townworks/contract'
import { render, type RenderResult } from '@testing-library/react'
import type { ReactNode } from 'react'
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router'
import { Providers } from '../app/providers'
import { routes as appRoutes } from '../app/router'
import { createQueryClient } from '../lib/query-client'

export interface RenderOptions {
  /** The role of the signed-in user; undefined renders as a visitor. */
  role?: Role | undefined
  /** The address to start at (memory router). */
  path?: string
  routes?: RouteObject[]
}

/** Render the app's real route tree (layout, lazy screens, error screens) at `path`, with fresh providers. */
export function renderApp({ role, path = '/', routes = appRoutes }: RenderOptions = {}): RenderResult & {
  router: ReturnType<typeof createMemoryRouter>
} {
  const router = createMemoryRouter(routes, { initialEntries: [path] })
  const result = render(
    <Providers queryClient={createQueryClient()} auth={{ role, user: role ? `test-${role}` : undefined }}>
      <RouterProvider router={router} />
    </Providers>,
  )
  return { ...result, router }
}

/** Render a piece of UI inside providers and a memory router (for components that use links). */
export function renderWithRouter(ui: ReactNode, { role, path = '/' }: Omit<RenderOptions, 'routes'> = {}) {
  return renderApp({ role, path, routes: [{ path: '*', element: ui }] })
}
