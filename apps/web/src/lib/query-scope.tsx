import { QueryClientContext, QueryClientProvider } from '@tanstack/react-query'
import { useContext, type ReactNode } from 'react'
import { queryClient } from './query-client'
import { ReferenceRows } from './shared-api/reference'

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
      <ReferenceRows />
      {children}
    </>
  )
  if (outer) return content
  return <QueryClientProvider client={queryClient}>{content}</QueryClientProvider>
}
