import { useCallback, useId, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { isApiError } from '../../../lib/api-client'
import { useSchemaForm } from '../../../lib/use-schema-form'
import { describeApiError } from '../../../lib/api-error-text'
import { fieldIssueText, fieldMessageText } from '../../../lib/field-issue-text'
import { useChangePassword } from '../api/change-password'
import { AuthField, AuthOutcomeLine, type AuthOutcome } from './auth-field'
import type { ChangePasswordValues as Values } from './change-password-schema'
import './auth.css'

const EMPTY: Values = { currentPwd: '', newPwd: '', confirmPwd: '' }

export interface ChangePasswordFormProps {
  /** The logged-in user's name: the new password must not be it. */
  username?: string | undefined
  /** After the server accepted the new password. */
  onChanged?: () => void
  /**
   * false: the account was made by a verified number and never had a password: the form sets a
   * first one, without asking for a current one (the server checks the same on its side).
   */
  hasPassword?: boolean
}

/**
 * Change the password: the current one, the new one twice. The same rules as the server are checked
 * before sending; a failure keeps what was typed and says why, next to the field when it is one.
 */
export function ChangePasswordForm({ username, onChanged, hasPassword = true }: ChangePasswordFormProps) {
  const { t } = useTranslation('auth')
  const titleId = useId()
  const ids = { currentPwd: useId(), newPwd: useId(), confirmPwd: useId() }
  const [outcome, setOutcome] = useState<AuthOutcome>(null)
  const call = useChangePassword()
  // The rules (and zod with them) are imported when a field is first focused (decision 046).
  const loadSchema = useCallback(
    () => import('./change-password-schema').then((module) => module.changePasswordSchema(username, hasPassword)),
    [username, hasPassword],
  )
  const form = useSchemaForm({ defaultValues: EMPTY, loadSchema })
  const { errors } = form

  const handleSubmit = form.handleSubmit(async ({ currentPwd, newPwd }) => {
    setOutcome(null)
    try {
      await call.mutateAsync(hasPassword ? { currentPwd, newPwd } : { newPwd })
      form.reset(EMPTY)
      setOutcome({ tone: 'success', text: hasPassword ? t('password.changed') : t('password.set') })
      onChanged?.()
    } catch (error) {
      if (isApiError(error, 400)) {
        for (const issue of error.issues) {
          if (issue.path === 'currentPwd' || issue.path === 'newPwd') {
            form.setError(issue.path, { message: fieldIssueText(issue) })
          }
        }
      }
      const text = describeApiError(error, {
        VALIDATION_FAILED: t('password.checkFields'),
        network: t('password.noServer'),
      })
      setOutcome({ tone: 'error', text })
    }
  })

  const field = (name: keyof Values, autoComplete: string) => (
    <AuthField
      id={ids[name]}
      label={t(`password.${name}`)}
      error={fieldMessageText(errors[name]?.message, name)}
      type="password"
      autoComplete={autoComplete}
      {...form.register(name, { onChange: () => setOutcome(null) })}
    />
  )

  return (
    <section className="auth-card" aria-labelledby={titleId}>
      <h2 id={titleId}>{hasPassword ? t('password.title') : t('password.setTitle')}</h2>
      {hasPassword ? null : <p>{t('password.setHint')}</p>}
      <AuthOutcomeLine outcome={outcome} />
      <form className="auth-form" onSubmit={handleSubmit} noValidate>
        {hasPassword ? field('currentPwd', 'current-password') : null}
        {field('newPwd', 'new-password')}
        {field('confirmPwd', 'new-password')}
        <button type="submit" className="button button--primary" disabled={call.isPending}>
          {call.isPending ? t('password.submitting') : hasPassword ? t('password.submit') : t('password.setSubmit')}
        </button>
      </form>
    </section>
  )
}
