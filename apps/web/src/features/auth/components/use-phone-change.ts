import type { Channel, OtpChallenge } from '@townworks/contract'
import { useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { sessionKeys } from '../../../lib/query-keys'
import { formatPhone } from '../../../lib/phone'
import { startPhoneChange } from '../api/my-phone-start'
import { verifyPhoneChange } from '../api/my-phone-verify'
import { resendCode } from '../api/otp-resend'
import { codeErrorText } from './code/code-error-text'

export type PhoneChangeStep =
  { kind: 'shown' } | { kind: 'number' } | { kind: 'code'; challenge: OtpChallenge; resendAt: number }

const resendAtOf = (challenge: OtpChallenge) => Date.now() + challenge.resend_after_seconds * 1000

/** Change (or add) the account's number: the new number → its code → saved; the profile is read again. */
export function usePhoneChange() {
  const { t } = useTranslation('auth')
  const client = useQueryClient()
  const [step, setStep] = useState<PhoneChangeStep>({ kind: 'shown' })
  const [pending, setPending] = useState(false)
  const [error, setError] = useState('')
  const [info, setInfo] = useState('')
  const [done, setDone] = useState('')

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
    pending,
    error,
    info,
    done,
    open: () => {
      setDone('')
      setError('')
      setStep({ kind: 'number' })
    },
    cancel: () => {
      setError('')
      setStep({ kind: 'shown' })
    },
    start: (phone: string, channel: Channel) =>
      run(async () => {
        const challenge = await startPhoneChange({ phone, channel })
        setStep({ kind: 'code', challenge, resendAt: resendAtOf(challenge) })
      }),
    verify: (code: string) =>
      run(async () => {
        if (step.kind !== 'code') return
        const answer = await verifyPhoneChange({ challenge_id: step.challenge.challenge_id, code })
        await client.invalidateQueries({ queryKey: sessionKeys.profile() })
        setDone(t('profilePhone.changed', { phone: formatPhone(answer.phone).text }))
        setStep({ kind: 'shown' })
      }),
    resend: () =>
      run(async () => {
        if (step.kind !== 'code') return
        const challenge = await resendCode({ challenge_id: step.challenge.challenge_id })
        setStep({ kind: 'code', challenge, resendAt: resendAtOf(challenge) })
        setInfo(t('phone.resent'))
      }),
  }
}
