import type { InputHTMLAttributes, Ref } from 'react'

/** What an account form says after sending: green when it worked, red when not. */
export type AuthOutcome = { tone: 'success' | 'error'; text: string } | null

export interface AuthFieldProps extends InputHTMLAttributes<HTMLInputElement> {
  id: string
  label: string
  /** The field's problem in words: the input is marked invalid and described by it. */
  error: string | undefined
  ref?: Ref<HTMLInputElement>
}

/** A labelled, required input of the sign-up and password forms, with its problem said under it. */
export function AuthField({ id, label, error, ...input }: AuthFieldProps) {
  const errorId = `${id}-error`
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        required
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        {...input}
      />
      {error ? (
        <p id={errorId} className="field__error">
          {error}
        </p>
      ) : null}
    </div>
  )
}

/** The form's outcome line, always there (empty until something happens) so it is announced politely. */
export function AuthOutcomeLine({ outcome }: { outcome: AuthOutcome }) {
  return (
    <p
      className={`message ${outcome?.tone === 'success' ? 'message--success' : 'message--error'}`}
      role="status"
      aria-live="polite"
    >
      {outcome?.text ?? ''}
    </p>
  )
}
