import type { Channel, OtpChallenge, OtpSignedIn } from '@townworks/contract'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { completeSignIn } from '../api/otp-complete'
import { resendCode } from '../api/otp-resend'
import { startSignInCode } from '../api/otp-start'
import { verifySignInCode } from '../api/otp-verify'
import { codeErrorText } from './code/code-error-text'

export type PhoneSignInStep =
  | { kind: 'number' }
  | { kind: 'code'; challenge: OtpChallenge; resendAt: number }
  | { kind: 'name'; challengeId: string; token: string }

const resendAtOf = (challenge: OtpChallenge) => Date.now() + challenge.resend_after_seconds * 1000

/**
 * The steps of a sign-in by number: number → code → (a new number: the name) → signed in. Each
 * call's failure is kept as a sentence for the step that made it; what was typed stays.
 */
export function usePhoneSignIn(onSignedIn: (answer: OtpSignedIn) => void, knownName?: string) {
  const { t, i18n } = useTranslation('auth')
  const [step, setStep] = useState<PhoneSignInStep>({ kind: 'number' })
  const [phone, setPhone] = useState('')
  const [pending, setPending] = useState(false)
  const [resending, setResending] = useState(false)
  const [error, setError] = useState('')
  const [info, setInfo] = useState('')

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

  const language = (['en', 'te', 'hi'] as const).find((l) => i18n.language?.startsWith(l))

  return {
    step,
    phone,
    pending,
    resending,
    error,
    info,
    start: (number: string, channel: Channel) =>
      run(async () => {
        setPhone(number)
        const challenge = await startSignInCode({ phone: number, channel, ...(language ? { language } : {}) })
        setStep({ kind: 'code', challenge, resendAt: resendAtOf(challenge) })
      }),
    verify: (code: string) =>
      run(async () => {
        if (step.kind !== 'code') return
        const challengeId = step.challenge.challenge_id
        const answer = await verifySignInCode({ challenge_id: challengeId, code })
        if (answer.status === 'signed_in') return onSignedIn(answer)
        const nameStep = { kind: 'name', challengeId, token: answer.completion_token } as const
        // The request form gave the name already: the new account takes it. Should that fail, the
        // name step shows it, with why, to send again.
        const name = knownName?.trim() ?? ''
        if (name.length < 2) return setStep(nameStep)
        try {
          onSignedIn(
            await completeSignIn({ challenge_id: challengeId, completion_token: answer.completion_token, name }),
          )
        } catch (failure) {
          setStep(nameStep)
          throw failure
        }
      }),
    async resend() {
      if (step.kind !== 'code') return
      setResending(true)
      setError('')
      try {
        const challenge = await resendCode({ challenge_id: step.challenge.challenge_id })
        setStep({ kind: 'code', challenge, resendAt: resendAtOf(challenge) })
        setInfo(t('phone.resent'))
      } catch (failure) {
        setError(codeErrorText(t, failure))
      } finally {
        setResending(false)
      }
    },
    complete: (name: string) =>
      run(async () => {
        if (step.kind !== 'name') return
        onSignedIn(await completeSignIn({ challenge_id: step.challengeId, completion_token: step.token, name }))
      }),
    changeNumber() {
      setError('')
      setInfo('')
      setStep({ kind: 'number' })
    },
  }
}
