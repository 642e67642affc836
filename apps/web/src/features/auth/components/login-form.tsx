import { useId, useState, type FormEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { Link, useLocation, useNavigate } from '../../../lib/router'
import { useSession } from '../../../lib/session'
import { useLogin } from '../api/login'
import { authFailureText } from './error-text'
import { fromState, landingPath } from './return-path'
import type { SecondStepDetails } from '@townworks/contract'
import { isApiError } from '../../../lib/api-client'
import './auth.css'

/**
 * The seed's sign-in form: user, password, `login`; every failure says why, in red. Staff who ask
 * for a code after the password (or whose admin requires it) go on to `onSecondStep` with the
 * challenge the server answered.
 */
export function LoginForm({ onSecondStep }: { onSecondStep?: (details: SecondStepDetails) => void }) {
  const { t } = useTranslation('auth')
  const userId = useId()
  const pwdId = useId()
  const [user, setUser] = useState('')
  const [pwd, setPwd] = useState('')
  const [errorText, setErrorText] = useState('')
  const login = useLogin()
  const session = useSession()
  const navigate = useNavigate()
  const location = useLocation()

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    setErrorText('')
    try {
      const answer = await login.mutateAsync({ user: user.trim(), pwd })
      session.signedIn(answer.user, answer.role, answer.mustChangePassword === true)
      // A one-time password: choose a new one first, then go on to where the user was going.
      // Otherwise back to the screen that sent them here (if theirs), else to where their role starts.
      if (answer.mustChangePassword) navigate('/profile', { replace: true, state: fromState(location.state) })
      else navigate(landingPath(location.state, answer.role), { replace: true })
    } catch (error) {
      if (isApiError(error) && error.code === 'SECOND_STEP_REQUIRED' && onSecondStep) {
        onSecondStep(error.details as unknown as SecondStepDetails)
        return
      }
      setErrorText(authFailureText(t, error, 'login'))
    }
  }

  return (
    <section className="auth-card" aria-labelledby={`${userId}-title`}>
      <h2 id={`${userId}-title`} className="visually-hidden">
        {t('login.formTitle')}
      </h2>
      <p className="message message--error" role="alert" aria-live="assertive">
        {errorText}
      </p>
      <form className="auth-form" onSubmit={handleSubmit} noValidate={false}>
        <div className="field">
          <label htmlFor={userId}>{t('login.user')}</label>
          <input
            id={userId}
            type="text"
            autoComplete="username"
            autoCapitalize="none"
            required
            // The seed focuses the user field on load.
            autoFocus
            value={user}
            onChange={(e) => {
              setUser(e.target.value)
              setErrorText('')
            }}
          />
        </div>
        <div className="field">
          <label htmlFor={pwdId}>{t('login.password')}</label>
          <input
            id={pwdId}
            type="password"
            autoComplete="current-password"
            required
            value={pwd}
            onChange={(e) => {
              setPwd(e.target.value)
              setErrorText('')
            }}
          />
        </div>
        <button type="submit" className="button button--primary" disabled={login.isPending}>
          {login.isPending ? t('login.submitting') : t('login.submit')}
        </button>
      </form>
      <p>
        {t('login.needAccount')}
        <br />
        <Link to="/register">{t('login.signUp')}</Link>
      </p>
    </section>
  )
}
