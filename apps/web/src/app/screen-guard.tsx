import { isAllowed, SCREEN_ACCESS, type ScreenPath } from '@townworks/contract/constants'
import type { ComponentType, ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { Link, Navigate, useLocation } from '../lib/router'
import { STORED_USER_KEY, useSession } from '../lib/session'
import { useDocumentTitle } from '../lib/use-document-title'
import { AppLoading } from './errors/app-loading'

/** Where the login screen sends the user back to: the location state the guard leaves. */
export interface ReturnState {
  from?: { pathname: string; search: string; hash: string }
}

/**
 * Let through only who may open this screen (the contract's SCREEN_ACCESS): a visitor goes to
 * /login and comes back after logging in; a logged-in user of another role is told so.
 */
export function ScreenGuard({ path, children }: { path: ScreenPath; children: ReactNode }) {
  const session = useSession()
  const location = useLocation()
  const access = SCREEN_ACCESS[path]
  // A one-time password: choosing a new one (on /profile) comes before anything else.
  if (session.mustChangePassword && path !== '/profile' && path !== '/login') {
    const state: ReturnState = { from: { pathname: location.pathname, search: location.search, hash: location.hash } }
    return <Navigate to="/profile" replace state={state} />
  }
  if (access === 'public' || isAllowed(access, session.role)) return children
  // While the session is being checked, someone who logged in from this browser sees the screen at
  // once (its data requests start now, not one round trip later); the API refuses what their role
  // may not read, and the guard decides as soon as the answer is in. A visitor waits.
  if (session.status === 'loading') return loggedInHere() ? children : <AppLoading />
  if (!session.role) {
    const state: ReturnState = { from: { pathname: location.pathname, search: location.search, hash: location.hash } }
    return <Navigate to="/login" replace state={state} />
  }
  return <NotAllowed />
}

function NotAllowed() {
  const { t } = useTranslation(['errors', 'common'])
  useDocumentTitle(t('common:documentTitle', { page: t('errors:forbidden.title') }))
  return (
    <section className="page error-screen" aria-labelledby="not-allowed-heading">
      <h1 id="not-allowed-heading" className="page__title">
        {t('errors:forbidden.title')}
      </h1>
      <p>{t('errors:forbidden.body')}</p>
      <p className="actions">
        <Link to="/" className="button button--primary">
          {t('errors:goHome')}
        </Link>
      </p>
    </section>
  )
}

/** Whether someone logged in from this browser (the login screen remembers the user name). */
function loggedInHere(): boolean {
  try {
    return localStorage.getItem(STORED_USER_KEY) !== null
  } catch {
    return false
  }
}

/** Wrap a screen component in its guard. */
export function guarded(path: ScreenPath, Screen: ComponentType) {
  return function GuardedScreen() {
    return (
      <ScreenGuard path={path}>
        <Screen />
      </ScreenGuard>
    )
  }
}
