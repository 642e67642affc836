import { QueryClientContext, QueryClientProvider } from '@tanstack/react-query'
import { lazy, Suspense, useContext, type ReactNode } from 'react'
import { queryClient } from './query-client'
// Every call's method and path, with the first screen that reads data: its first call does not wait for them (api-client.ts).
import './api-route-table'

// Fetched after the screen's own code (a data screen's first-paint limit, decision 034): the names
// stand in from common.json until the rows come.
const ReferenceRows = lazy(() => import('./shared-api/reference').then((m) => ({ default: m.ReferenceRows })))

/**
 * The query cache around a screen that reads or writes data. It comes with the first such screen,
 * not with the shell, so pages without data (home, about, blog) never load TanStack Query. A cache
 * already provided above (a test's own) is kept. It also loads the towns and services (decision 048)
 * that every data screen names and offers.
 */
export function QueryScope({ children }: { children: ReactNode }) {
  const outer = useContext(QueryClientContext)
  const content = (
    <>
      <Suspense fallback={null}>
        <ReferenceRows />
      </Suspense>
      {children}
    </>
  )
  if (outer) return content
  return <QueryClientProvider client={queryClient}>{content}</QueryClientProvider>
}
