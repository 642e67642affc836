import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Link, useNavigate } from '../../lib/router'
import { logOutOnServer, useSession } from '../../lib/session'

/** In the header: who is logged in (a link to the profile) and Logout; nothing for a visitor. */
export function SessionStatus() {
  const { t, i18n } = useTranslation()
  const session = useSession()
  const navigate = useNavigate()
  const [busy, setBusy] = useState(false)
  if (!session.user) return null
  // The name the person gave, not a login made for them ("ph-9876…", "lakshmi.devi-k3m9").
  const shown = session.displayName ?? session.user

  async function handleLogout() {
    setBusy(true)
    const user = session.user!
    // Should its code not come, logged out as before (here, whatever the server says) unless there is no
    // network at all: the server would keep the session.
    const may = await import('./log-out').then(
      (m) => m.logOut(user, i18n),
      () =>
        logOutOnServer().then(
          () => true,
          () => navigator.onLine,
        ),
    )
    if (!may) return setBusy(false)
    session.signedOut()
    setBusy(false)
    navigate('/login', { replace: true })
  }

  return (
    <div className="session-status">
      <Link to="/profile" className="session-status__user" aria-label={t('session.profileLink', { user: shown })}>
        {shown}
      </Link>
      <button type="button" className="button session-status__logout" onClick={handleLogout} disabled={busy}>
        {t('session.logout')}
      </button>
    </div>
  )
}
