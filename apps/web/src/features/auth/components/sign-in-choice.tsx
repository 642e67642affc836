import type { SecondStepDetails } from '@townworks/contract'
import { useId, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { LoginForm } from './login-form'
import { PasswordResetForm } from './password-reset-form'
import { PhoneSignIn } from './phone-sign-in'
import { SecondStepForm } from './second-step-form'
import { useFinishSignIn } from './use-finish-sign-in'
import './auth.css'

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

  if (resetting) return <PasswordResetForm onBack={() => setResetting(false)} />
  if (secondStep) {
    return <SecondStepForm details={secondStep} onSignedIn={finish} onCancel={() => setSecondStep(null)} />
  }
  return (
    <div className="sign-in">
      {withPassword ? (
        <LoginForm onSecondStep={setSecondStep} />
      ) : (
        <section className="auth-card" aria-labelledby={`${id}-phone`}>
          <h2 id={`${id}-phone`} className="auth-card__title">
            {t('phone.title')}
          </h2>
          <p className="auth-card__intro">{t('phone.intro')}</p>
          <PhoneSignIn onSignedIn={finish} />
        </section>
      )}
      <div className="sign-in__other">
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
