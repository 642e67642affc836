import { useId, useState, type FormEvent } from 'react'
import { useTranslation } from 'react-i18next'

/** A new number's last step: the person's name (nothing else is asked). */
export function NameStep(props: {
  onSubmit: (name: string) => void
  pending: boolean
  error: string
  /** A name typed before (the request form's), to confirm or correct. */
  initialName?: string | undefined
}) {
  const { t } = useTranslation('auth')
  const id = useId()
  const [name, setName] = useState(props.initialName ?? '')
  const [empty, setEmpty] = useState(false)
  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    if (name.trim().length < 2) {
      setEmpty(true)
      return
    }
    props.onSubmit(name.trim())
  }
  const error = empty ? t('phone.nameRequired') : props.error
  return (
    <form className="auth-form" onSubmit={submit} noValidate>
      <p>{t('phone.nameIntro')}</p>
      <div className="field">
        <label htmlFor={id}>{t('phone.name')}</label>
        <input
          id={id}
          type="text"
          autoComplete="name"
          maxLength={80}
          required
          autoFocus
          aria-invalid={error ? true : undefined}
          aria-describedby={`${id}-error`}
          value={name}
          onChange={(e) => {
            setName(e.target.value)
            setEmpty(false)
          }}
        />
        <p id={`${id}-error`} className="field__error" role="alert">
          {error}
        </p>
      </div>
      <button type="submit" className="button button--primary" disabled={props.pending}>
        {props.pending ? t('phone.checking') : t('phone.finish')}
      </button>
    </form>
  )
}
