import { QueryClientContext, QueryClientProvider } from '@tanstack/react-query'
import { useContext, type ReactNode } from 'react'
import { queryClient } from './query-client'

/**
 * The query cache around a screen that reads or writes data. It comes with the first such screen,
 * not with the shell, so pages without data (home, about, blog) never load TanStack Query. A cache
 * already provided above (a test's own) is kept.
 */
export function QueryScope({ children }: { children: ReactNode }) {
  const outer = useContext(QueryClientContext)
  if (outer) return children
  return <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
}
