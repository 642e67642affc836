import type { Channel, OtpChallenge, PasswordResetByCodeResponse } from '@townworks/contract'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { resendCode } from '../api/otp-resend'
import { completePasswordReset } from '../api/password-reset-complete'
import { startPasswordReset } from '../api/password-reset-start'
import { codeErrorText } from './code/code-error-text'

export type ResetStep =
  { kind: 'number' } | { kind: 'code'; challenge: OtpChallenge; resendAt: number } | { kind: 'changed'; user: string }

const resendAtOf = (challenge: OtpChallenge) => Date.now() + challenge.resend_after_seconds * 1000

/** A forgotten password: the number → the code and a new password → signed in (staff: sign in again). */
export function usePasswordReset(
  onSignedIn: (answer: Extract<PasswordResetByCodeResponse, { status: 'signed_in' }>) => void,
) {
  const { t, i18n } = useTranslation('auth')
  const [step, setStep] = useState<ResetStep>({ kind: 'number' })
  const [phone, setPhone] = useState('')
  const [pending, setPending] = useState(false)
  const [error, setError] = useState('')
  const [info, setInfo] = useState('')
  const language = (['en', 'te', 'hi'] as const).find((l) => i18n.language?.startsWith(l))

  async function run(action: () => Promise<void>) {
    setPending(true)
    setError('')
    setInfo('')
    try {
      await action()
    } catch (failure) {
      setError(codeErrorText(t, failure))
    } finally {
      setPending(false)
    }
  }

  return {
    step,
    phone,
    pending,
    error,
    info,
    start: (number: string, channel: Channel) =>
      run(async () => {
        setPhone(number)
        const challenge = await startPasswordReset({ phone: number, channel, ...(language ? { language } : {}) })
        setStep({ kind: 'code', challenge, resendAt: resendAtOf(challenge) })
      }),
    complete: (code: string, password: string) =>
      run(async () => {
        if (step.kind !== 'code') return
        const answer = await completePasswordReset({
          challenge_id: step.challenge.challenge_id,
          code,
          new_password: password,
        })
        if (answer.status === 'signed_in') onSignedIn(answer)
        else setStep({ kind: 'changed', user: answer.user })
      }),
    resend: () =>
      run(async () => {
        if (step.kind !== 'code') return
        const challenge = await resendCode({ challenge_id: step.challenge.challenge_id })
        setStep({ kind: 'code', challenge, resendAt: resendAtOf(challenge) })
        setInfo(t('phone.resent'))
      }),
    changeNumber: () => {
      setError('')
      setStep({ kind: 'number' })
    },
  }
}
