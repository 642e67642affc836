import { useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useLocation, useNavigate } from '../../../lib/router'
import { useSession } from '../../../lib/session'
import { useLogout } from '../api/logout'
import { ChangePasswordForm } from './change-password-form'
import { landingPath, returnPath } from './return-path'
import './auth.css'

function prefersReducedMotion(): boolean {
  return typeof window !== 'undefined' && window.matchMedia?.('(prefers-reduced-motion: reduce)').matches === true
}

/** Whether the person asked their device for less motion (the welcome video then waits for Play). */
function useReducedMotion(): boolean {
  const [reduceMotion, setReduceMotion] = useState(prefersReducedMotion)
  useEffect(() => {
    const query = window.matchMedia?.('(prefers-reduced-motion: reduce)')
    if (!query) return
    const update = () => setReduceMotion(query.matches)
    query.addEventListener('change', update)
    return () => query.removeEventListener('change', update)
  }, [])
  return reduceMotion
}

/** Log out here whatever the server says; `failed` tells the person when its cookies may remain. */
function useLogoutHere() {
  const logoutCall = useLogout()
  const session = useSession()
  const navigate = useNavigate()
  const [failed, setFailed] = useState(false)
  async function logout() {
    setFailed(false)
    try {
      await logoutCall.mutateAsync()
    } catch {
      // The cookies may still be set server-side; say so, but log out here all the same.
      setFailed(true)
    }
    session.signedOut()
    navigate('/login', { replace: true })
  }
  return { logout, failed, pending: logoutCall.isPending }
}

/**
 * The seed's profile: 'Welcome,' and the name in capitals, a picture, Logout, a short video; and the
 * form to change the password. After a login with a one-time password this is the "choose a new
 * password" screen: the form comes first, and once saved the user goes on to where they were going.
 */
export function ProfilePanel() {
  const { t } = useTranslation('auth')
  const session = useSession()
  const navigate = useNavigate()
  const location = useLocation()
  const reduceMotion = useReducedMotion()
  const { logout: handleLogout, failed, pending: loggingOut } = useLogoutHere()

  const name = (session.user ?? '').toUpperCase()
  const changePassword = (
    <ChangePasswordForm
      username={session.user}
      onChanged={() => {
        if (!session.mustChangePassword) return
        session.passwordChanged()
        // On to where they were going, or their own start screen (decision 022), not the home page.
        const next = session.role ? landingPath(location.state, session.role) : returnPath(location.state)
        navigate(next, { replace: true })
      }}
    />
  )
  if (session.mustChangePassword) {
    return (
      <div className="profile">
        <p className="message" role="note">
          {t('password.mustChange')}
        </p>
        {changePassword}
        <p>
          <button type="button" className="button" onClick={handleLogout} disabled={loggingOut}>
            {t('profile.logout')}
          </button>
        </p>
      </div>
    )
  }
  return (
    <div className="profile">
      <p className="profile__welcome">
        <svg width="72" height="72" viewBox="0 0 72 72" role="img" aria-label={t('profile.avatar')}>
          <circle cx="36" cy="36" r="36" fill="#dbe7f3" />
          <circle cx="36" cy="28" r="13" fill="#12355b" />
          <path d="M12 62a24 18 0 0 1 48 0" fill="#12355b" />
        </svg>
        <span>
          {t('profile.welcome')} <strong>{name}</strong>
        </span>
      </p>
      <p>
        <button type="button" className="button button--primary" onClick={handleLogout} disabled={loggingOut}>
          {t('profile.logout')}
        </button>
      </p>
      {failed ? (
        <p className="message message--error" role="alert">
          {t('profile.logoutFailed')}
        </p>
      ) : null}
      {changePassword}
      <video
        className="profile__video"
        src="/media/welcome.webm"
        muted
        playsInline
        loop
        autoPlay={!reduceMotion}
        controls={reduceMotion}
        preload="metadata"
        aria-label={t('profile.video')}
      />
    </div>
  )
}
