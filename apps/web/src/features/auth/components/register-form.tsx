import type { RegisterBody } from '@townworks/contract'
import { useId, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useSchemaForm } from '../../../lib/use-schema-form'
import { isApiError } from '../../../lib/api-client'
import { login } from '../api/login'
import { useRegister } from '../api/register'
import { useSession } from '../../../lib/session'
import { Link } from '../../../lib/router'
import { AuthField, AuthOutcomeLine, type AuthOutcome } from './auth-field'
import { startPathFor } from './return-path'
import { authFailureText } from './error-text'
import './auth.css'
import { fieldIssueText, fieldMessageText } from '../../../lib/field-issue-text'

/** After 'User created': signed in (and where to go on), or not (the sign-in failed: log in by hand). */
type Created = { signedIn: true; startPath: string } | { signedIn: false }

const EMPTY: RegisterBody = { user: '', email: '', pwd: '' }

/** The contract's sign-up rules (and zod with them), imported when a field is first focused (decision 046). */
const loadRegisterSchema = () => import('./register-schema').then((module) => module.RegisterBodySchema)

/**
 * The seed's sign-up form: user, email, password, Register. 'User created' signs the person in at
 * once and offers the way on to their start screen (issue 19); 'User already exist' in red clears
 * the form, as the seed did; any other failure keeps what was typed and says why. The same rules as
 * the server are checked before sending.
 */
export function RegisterForm() {
  const { t } = useTranslation('auth')
  const ids = { user: useId(), email: useId(), pwd: useId() }
  const [outcome, setOutcome] = useState<AuthOutcome>(null)
  const registerCall = useRegister()
  const session = useSession()
  const [created, setCreated] = useState<Created | null>(null)
  const form = useSchemaForm({ defaultValues: EMPTY, loadSchema: loadRegisterSchema })
  const { errors } = form

  const handleSubmit = form.handleSubmit(async (body) => {
    setOutcome(null)
    try {
      await registerCall.mutateAsync(body)
      setOutcome({ tone: 'success', text: t('register.created') })
      form.reset(EMPTY)
      try {
        const answer = await login({ user: body.user, pwd: body.pwd })
        session.signedIn(answer.user, answer.role, answer.mustChangePassword === true)
        setCreated({ signedIn: true, startPath: startPathFor(answer.role) })
      } catch {
        setCreated({ signedIn: false })
      }
    } catch (error) {
      if (isApiError(error) && error.code === 'DUPLICATE_USER') {
        setOutcome({ tone: 'error', text: t('register.exists') })
        form.reset(EMPTY)
        return
      }
      if (isApiError(error) && error.status === 400) {
        for (const issue of error.issues) {
          if (issue.path === 'user' || issue.path === 'email' || issue.path === 'pwd') {
            form.setError(issue.path, { message: fieldIssueText(issue) })
          }
        }
      }
      setOutcome({ tone: 'error', text: authFailureText(t, error, 'register') })
    }
  })

  const field = (name: keyof RegisterBody, type: string, autoComplete: string) => (
    <AuthField
      id={ids[name]}
      label={t(`register.${name}`)}
      error={fieldMessageText(errors[name]?.message, name)}
      type={type}
      autoComplete={autoComplete}
      {...form.register(name, { onChange: () => setOutcome(null) })}
    />
  )

  if (created) {
    return (
      <section className="auth-card" aria-label={t('register.formTitle')}>
        <p className="message message--success" role="status" aria-live="polite">
          {t('register.created')}
        </p>
        <p>{created.signedIn ? t('register.signedIn') : t('register.signInNow')}</p>
        <Link to={created.signedIn ? created.startPath : '/login'} className="button button--primary" autoFocus>
          {created.signedIn ? t('register.continue') : t('login.submit')}
        </Link>
      </section>
    )
  }
  return (
    <section className="auth-card" aria-label={t('register.formTitle')}>
      <AuthOutcomeLine outcome={outcome} />
      <form className="auth-form" onSubmit={handleSubmit} noValidate>
        {field('user', 'text', 'username')}
        {field('email', 'email', 'email')}
        {field('pwd', 'password', 'new-password')}
        <button type="submit" className="button button--primary" disabled={registerCall.isPending}>
          {registerCall.isPending ? t('register.submitting') : t('register.submit')}
        </button>
      </form>
    </section>
  )
}
