import type { Channel } from '@townworks/contract'
import { useId, useState, type FormEvent, type ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { useCountdown } from './use-countdown'
import { useWebOtp } from './use-web-otp'

export interface CodeStepProps {
  /** The number the code went to, as a person reads it (or its hint: +91********45). */
  phoneText: string
  channel: Channel
  /** Go back to type another number; omitted where the number cannot change (the staff code). */
  onChangeNumber?: () => void
  onSubmit: (code: string) => void
  onResend: () => void
  /** When a new code may be asked for (epoch ms): the resend button counts down to it. */
  resendAt: number
  pending: boolean
  resending: boolean
  /** What went wrong, in the person's words; '' when nothing did. */
  error: string
  /** A short line after a resend ("A new code is on its way"). */
  info: string
  submitLabel: string
  /** More fields sent with the code (the new password of a reset). */
  children?: ReactNode
}

/**
 * The code screen of every code flow: the number with "change", the code field that the phone
 * fills in from the SMS (`one-time-code`, and WebOTP where the browser has it), the button, and a
 * resend button that counts down. What was typed stays when the server refuses it.
 */
export function CodeStep(props: CodeStepProps) {
  const { t } = useTranslation('auth')
  const id = useId()
  const [code, setCode] = useState('')
  const [typedWrong, setTypedWrong] = useState(false)
  const seconds = useCountdown(props.resendAt)
  useWebOtp(true, (received) => {
    setCode(received)
    props.onSubmit(received)
  })

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    const digits = code.replace(/\D/g, '')
    if (digits.length !== 6) {
      setTypedWrong(true)
      return
    }
    props.onSubmit(digits)
  }

  const error = typedWrong ? t('phone.codeSixDigits') : props.error
  return (
    <form className="auth-form" onSubmit={submit} noValidate aria-labelledby={`${id}-sent`}>
      <p id={`${id}-sent`} className="code-step__sent">
        {t(props.channel === 'whatsapp' ? 'phone.sentWhatsapp' : 'phone.sentSms')}{' '}
        <strong className="code-step__number">{props.phoneText}</strong>{' '}
        {props.onChangeNumber ? (
          <button type="button" className="link-button" onClick={props.onChangeNumber}>
            {t('phone.change')}
          </button>
        ) : null}
      </p>
      <div className="field">
        <label htmlFor={id}>{t('phone.code')}</label>
        <input
          id={id}
          className="code-step__input"
          type="text"
          inputMode="numeric"
          autoComplete="one-time-code"
          pattern="[0-9]*"
          maxLength={6}
          required
          autoFocus
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          value={code}
          onChange={(e) => {
            setCode(e.target.value.replace(/\D/g, '').slice(0, 6))
            setTypedWrong(false)
          }}
        />
        <p id={`${id}-error`} className="field__error" role="alert">
          {error}
        </p>
      </div>
      {props.children}
      <button type="submit" className="button button--primary" disabled={props.pending}>
        {props.pending ? t('phone.checking') : props.submitLabel}
      </button>
      <p className="code-step__resend" aria-live="polite">
        <button type="button" className="button" onClick={props.onResend} disabled={seconds > 0 || props.resending}>
          {seconds > 0 ? t('phone.resendIn', { count: seconds }) : t('phone.resend')}
        </button>{' '}
        <span>{props.info}</span>
      </p>
    </form>
  )
}
