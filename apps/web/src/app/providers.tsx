import { QueryClientProvider, type QueryClient } from '@tanstack/react-query'
import type { i18n as I18n } from 'i18next'
import type { ReactNode } from 'react'
import { I18nextProvider } from 'react-i18next'
import { i18n as appI18n } from '../lib/i18n'
import { queryClient as appQueryClient } from '../lib/query-client'
import { SessionProvider, type SessionState } from '../lib/session'

export interface ProvidersProps {
  children: ReactNode
  /** Tests pass their own instances; the app uses the shared ones. */
  queryClient?: QueryClient
  i18n?: I18n
  auth?: SessionState
}

/** Everything every screen may rely on: translations, the query cache and the current user. */
export function Providers({ children, queryClient = appQueryClient, i18n = appI18n, auth }: ProvidersProps) {
  return (
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={queryClient}>
        <SessionProvider value={auth}>{children}</SessionProvider>
      </QueryClientProvider>
    </I18nextProvider>
  )
}
