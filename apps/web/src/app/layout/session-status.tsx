import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Link, useNavigate } from '../../lib/router'
import { logOutOnServer, useSession } from '../../lib/session'

/** In the header: who is logged in (a link to the profile) and Logout; nothing for a visitor. */
export function SessionStatus() {
  const { t } = useTranslation()
  const session = useSession()
  const navigate = useNavigate()
  const [busy, setBusy] = useState(false)
  if (!session.user) return null
  // The name the person gave, not a login made for them ("ph-9876…", "lakshmi.devi-k3m9").
  const shown = session.displayName ?? session.user

  async function handleLogout() {
    setBusy(true)
    // Logged out here whatever the server says: the seed cleared everything and went to /login.
    await logOutOnServer().catch(() => undefined)
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
