import type { Channel } from '@townworks/contract'
import { normalizeIndianMobile } from '@townworks/contract/constants'
import { useId, useState, type FormEvent } from 'react'
import { useTranslation } from 'react-i18next'

export interface NumberStepProps {
  /** The number typed so far (kept when the person comes back to change it). */
  initialPhone?: string
  /** The channels codes can go by, the preferred first. */
  channels: readonly Channel[]
  onSubmit: (phone: string, channel: Channel) => void
  pending: boolean
  error: string
  submitLabel: string
  label?: string
}

/** A 10-digit mobile number (+91 shown before it) and how the code should come: WhatsApp or SMS. */
export function NumberStep(props: NumberStepProps) {
  const { t } = useTranslation('auth')
  const id = useId()
  const [phone, setPhone] = useState(props.initialPhone ?? '')
  // The person's choice; until they make one, the preferred channel (the list may arrive after the first paint).
  const [channel, setChannel] = useState<Channel | null>(null)
  const [typedWrong, setTypedWrong] = useState(false)
  const chosen = channel && props.channels.includes(channel) ? channel : (props.channels[0] ?? 'sms')

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    const normalised = normalizeIndianMobile(phone)
    if (!normalised) {
      setTypedWrong(true)
      return
    }
    props.onSubmit(normalised, chosen)
  }

  const error = typedWrong ? t('phone.numberTenDigits') : props.error
  return (
    <form className="auth-form" onSubmit={submit} noValidate>
      <div className="field">
        <label htmlFor={id}>{props.label ?? t('phone.number')}</label>
        <div className="phone-input">
          <span className="phone-input__prefix" aria-hidden="true">
            +91
          </span>
          <input
            id={id}
            type="tel"
            inputMode="numeric"
            autoComplete="tel-national"
            maxLength={14}
            required
            aria-invalid={error ? true : undefined}
            aria-describedby={`${id}-hint ${id}-error`}
            value={phone}
            onChange={(e) => {
              setPhone(e.target.value)
              setTypedWrong(false)
            }}
          />
        </div>
        <p id={`${id}-hint`} className="field__hint">
          {t('phone.numberHint')}
        </p>
        <p id={`${id}-error`} className="field__error" role="alert">
          {error}
        </p>
      </div>
      {props.channels.length > 1 ? (
        <fieldset className="channel-choice">
          <legend>{t('phone.channel')}</legend>
          {props.channels.map((c) => (
            <label key={c} className="channel-choice__option">
              <input
                type="radio"
                name={`${id}-channel`}
                value={c}
                checked={chosen === c}
                onChange={() => setChannel(c)}
              />
              {t(c === 'whatsapp' ? 'phone.whatsapp' : 'phone.sms')}
            </label>
          ))}
        </fieldset>
      ) : null}
      <button type="submit" className="button button--primary" disabled={props.pending}>
        {props.pending ? t('phone.sending') : props.submitLabel}
      </button>
    </form>
  )
}
