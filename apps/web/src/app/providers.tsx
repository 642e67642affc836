import type { i18n as I18n } from 'i18next'
import type { ReactNode } from 'react'
import { I18nextProvider } from 'react-i18next'
import { i18n as appI18n } from '../lib/i18n'
import { SessionProvider, type SessionState } from '../lib/session'

export interface ProvidersProps {
  children: ReactNode
  /** Tests pass their own instances; the app uses the shared ones. */
  i18n?: I18n
  auth?: SessionState
}

/**
 * What the shell and every screen rely on: translations and the current user. The query cache is
 * not here: it comes with the screens that read data (lib/query-scope), so the first paint of a
 * page without data does not load TanStack Query.
 */
export function Providers({ children, i18n = appI18n, auth }: ProvidersProps) {
  return (
    <I18nextProvider i18n={i18n}>
      <SessionProvider value={auth}>{children}</SessionProvider>
    </I18nextProvider>
  )
}
