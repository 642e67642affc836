import type { OtpSignedIn, SecondStepDetails } from '@townworks/contract'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { resendCode } from '../api/otp-resend'
import { verifySignInCode } from '../api/otp-verify'
import { CodeStep } from './code/code-step'
import { codeErrorText } from './code/code-error-text'

/** Staff after their password: the code sent to their verified number finishes the sign-in. */
export function SecondStepForm(props: {
  details: SecondStepDetails
  onSignedIn: (answer: OtpSignedIn) => void
  onCancel: () => void
}) {
  const { t } = useTranslation('auth')
  const [resendAt, setResendAt] = useState(() => Date.now() + props.details.resend_after_seconds * 1000)
  const [pending, setPending] = useState(false)
  const [resending, setResending] = useState(false)
  const [error, setError] = useState('')
  const [info, setInfo] = useState('')
  const challengeId = props.details.challenge_id

  async function verify(code: string) {
    setPending(true)
    setError('')
    try {
      const answer = await verifySignInCode({ challenge_id: challengeId, code })
      if (answer.status === 'signed_in') props.onSignedIn(answer)
    } catch (failure) {
      setError(codeErrorText(t, failure))
    } finally {
      setPending(false)
    }
  }

  async function resend() {
    setResending(true)
    setError('')
    try {
      const challenge = await resendCode({ challenge_id: challengeId })
      setResendAt(Date.now() + challenge.resend_after_seconds * 1000)
      setInfo(t('phone.resent'))
    } catch (failure) {
      setError(codeErrorText(t, failure))
    } finally {
      setResending(false)
    }
  }

  return (
    <section className="auth-card" aria-labelledby="second-step-title">
      <h2 id="second-step-title">{t('secondStep.title')}</h2>
      <CodeStep
        phoneText={props.details.phone_hint}
        channel={props.details.channel}
        onSubmit={(code) => void verify(code)}
        onResend={() => void resend()}
        resendAt={resendAt}
        pending={pending}
        resending={resending}
        error={error}
        info={info}
        submitLabel={t('phone.verify')}
      />
      <p>
        <button type="button" className="link-button" onClick={props.onCancel}>
          {t('secondStep.back')}
        </button>
      </p>
    </section>
  )
}
