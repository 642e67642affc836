import { useId, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { formatPhone } from '../../../lib/phone'
import { useOtpChannels } from '../api/otp-channels'
import { CodeStep } from './code/code-step'
import { NumberStep } from './code/number-step'
import { useFinishSignIn } from './use-finish-sign-in'
import { usePasswordReset } from './use-password-reset'
import './auth.css'

/**
 * "Forgot password?": a code to the mobile number saved on the account, then a new password. Every
 * other session of the account ends; a customer or worker is signed in, staff sign in again.
 */
export function PasswordResetForm({ onBack }: { onBack: () => void }) {
  const { t } = useTranslation('auth')
  const id = useId()
  const channels = useOtpChannels().data?.channels ?? ['sms']
  const finish = useFinishSignIn()
  const flow = usePasswordReset(finish)
  const [password, setPassword] = useState('')
  const [shortPassword, setShortPassword] = useState(false)

  let body
  if (flow.step.kind === 'changed') {
    body = (
      <div className="auth-form">
        <p className="message message--success" role="status">
          {t('reset.changed', { user: flow.step.user })}
        </p>
        <button type="button" className="button button--primary" onClick={onBack} autoFocus>
          {t('reset.toLogin')}
        </button>
      </div>
    )
  } else if (flow.step.kind === 'code') {
    body = (
      <CodeStep
        phoneText={formatPhone(flow.step.challenge.phone).text}
        channel={flow.step.challenge.channel}
        onChangeNumber={flow.changeNumber}
        onSubmit={(code) => {
          if (password.length < 8) setShortPassword(true)
          else void flow.complete(code, password)
        }}
        onResend={() => void flow.resend()}
        resendAt={flow.step.resendAt}
        pending={flow.pending}
        resending={flow.pending}
        error={flow.error}
        info={flow.info}
        submitLabel={t('reset.submit')}
      >
        <div className="field">
          <label htmlFor={`${id}-pwd`}>{t('reset.newPassword')}</label>
          <input
            id={`${id}-pwd`}
            type="password"
            autoComplete="new-password"
            required
            minLength={8}
            aria-invalid={shortPassword ? true : undefined}
            aria-describedby={`${id}-pwd-hint`}
            value={password}
            onChange={(e) => {
              setPassword(e.target.value)
              setShortPassword(false)
            }}
          />
          <p id={`${id}-pwd-hint`} className={shortPassword ? 'field__error' : 'field__hint'}>
            {t('reset.passwordHint')}
          </p>
        </div>
      </CodeStep>
    )
  } else {
    body = (
      <NumberStep
        initialPhone={flow.phone ? flow.phone.slice(3) : undefined}
        channels={channels}
        onSubmit={(phone, channel) => void flow.start(phone, channel)}
        pending={flow.pending}
        error={flow.error}
        submitLabel={t('phone.getCode')}
        label={t('reset.number')}
      />
    )
  }
  return (
    <section className="auth-card" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="auth-card__title">
        {t('reset.title')}
      </h2>
      <p className="auth-card__intro">{t('reset.intro')}</p>
      {body}
      <p>
        <button type="button" className="link-button" onClick={onBack}>
          {t('reset.backToLogin')}
        </button>
      </p>
    </section>
  )
}
