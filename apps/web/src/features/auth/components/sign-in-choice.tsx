import type { SecondStepDetails } from '@townworks/contract'
import { lazy, Suspense, useId, useState, type ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { loadWithTimeout } from '../../../lib/lazy-with-timeout'
import type * as PasswordForms from './password-forms'
import { PhoneSignIn } from './phone-sign-in'
import { useFinishSignIn } from './use-finish-sign-in'
import './auth.css'

// The seed's password form, its second step and "Forgot password?" are one tap away, not on the
// screen as it paints: their code comes when a pointer, a finger or the keyboard reaches the buttons
// that open them, and at the latest on the tap (decision 046: /login within 130 kB).
let passwordForms: Promise<typeof PasswordForms> | undefined
function loadPasswordForms() {
  passwordForms ??= loadWithTimeout(() => import('./password-forms'))
  passwordForms.catch(() => {
    passwordForms = undefined
  })
  return passwordForms
}
const warmPasswordForms = () => void loadPasswordForms().catch(() => undefined)
const LoginForm = lazy(() => loadPasswordForms().then((m) => ({ default: m.LoginForm })))
const PasswordResetForm = lazy(() => loadPasswordForms().then((m) => ({ default: m.PasswordResetForm })))
const SecondStepForm = lazy(() => loadPasswordForms().then((m) => ({ default: m.SecondStepForm })))

function Loading({ children }: { children: ReactNode }) {
  const { t } = useTranslation('auth')
  return <Suspense fallback={<p role="status">{t('phone.opening')}</p>}>{children}</Suspense>
}

/**
 * /login: "Continue with mobile number" first (how most of our people sign in, issue 19); the
 * seed's user name and password form one tap away, unchanged; "Forgot password?" under both, in
 * place (a screen of its own would cost the home page's first paint a route entry).
 */
export function SignInChoice() {
  const { t } = useTranslation('auth')
  const id = useId()
  const [withPassword, setWithPassword] = useState(false)
  const [resetting, setResetting] = useState(false)
  const [secondStep, setSecondStep] = useState<SecondStepDetails | null>(null)
  const finish = useFinishSignIn()

  if (resetting) {
    return (
      <Loading>
        <PasswordResetForm onBack={() => setResetting(false)} />
      </Loading>
    )
  }
  if (secondStep) {
    return (
      <Loading>
        <SecondStepForm details={secondStep} onSignedIn={finish} onCancel={() => setSecondStep(null)} />
      </Loading>
    )
  }
  return (
    <div className="sign-in">
      {withPassword ? (
        <Loading>
          <LoginForm onSecondStep={setSecondStep} />
        </Loading>
      ) : (
        <section className="auth-card" aria-labelledby={`${id}-phone`}>
          <h2 id={`${id}-phone`} className="auth-card__title">
            {t('phone.title')}
          </h2>
          <p className="auth-card__intro">{t('phone.intro')}</p>
          <PhoneSignIn onSignedIn={finish} />
        </section>
      )}
      <div
        className="sign-in__other"
        onPointerOver={warmPasswordForms}
        onTouchStart={warmPasswordForms}
        onFocus={warmPasswordForms}
      >
        <button type="button" className="button" onClick={() => setWithPassword((v) => !v)}>
          {withPassword ? t('phone.orPhone') : t('phone.orPassword')}
        </button>
        <button type="button" className="link-button" onClick={() => setResetting(true)}>
          {t('reset.forgot')}
        </button>
      </div>
    </div>
  )
}
