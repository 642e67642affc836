import { LANGUAGES, type Language } from '@townworks/contract/constants'
import type { NotificationPreferences } from '@townworks/contract'
import { useId, useState, type ChangeEvent, type FormEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { describeApiError } from '../../../lib/api-error-text'
import { setLanguage } from '../../../lib/i18n'
import { isLanguage, LANGUAGE_NAMES } from '../../../lib/language'
import { useLocation, useNavigate } from '../../../lib/router'
import { saveLanguageOnAccount, useSession } from '../../../lib/session'
import { useSaveMyName } from '../api/my-name'
import { useMyNotifications, useSaveMyNotifications } from '../api/my-notifications'
import { useMyProfile } from '../api/my-profile'
import { AuthField, AuthOutcomeLine, type AuthOutcome } from './auth-field'
import { ChangePasswordForm } from './change-password-form'
import { PhoneNumberPanel } from './phone-number-panel'
import { landingPath, returnPath } from './return-path'
import './auth.css'

/**
 * The person's own settings (issues 18 and 19): the name they go by, their verified number, the
 * language of screens and messages, which messages reach their phone, and their password (set
 * without a current one when the account was made by a number and never had one). Logout is the
 * header's. After a login with a one-time password this is the "choose a new password" screen: the
 * form comes first, and once saved the user goes on to where they were going.
 */
export function ProfilePanel() {
  const { t } = useTranslation('auth')
  const session = useSession()
  const navigate = useNavigate()
  const location = useLocation()
  const profile = useMyProfile()

  const changePassword = (
    <ChangePasswordForm
      username={session.user}
      hasPassword={profile.data?.has_password ?? true}
      onChanged={() => {
        void profile.refetch()
        if (!session.mustChangePassword) return
        session.passwordChanged()
        // On to where they were going, or their own start screen (decision 022), not the home page.
        const next = session.role ? landingPath(location.state, session.role) : returnPath(location.state)
        navigate(next, { replace: true })
      }}
    />
  )
  if (session.mustChangePassword) {
    return (
      <div className="profile">
        <p className="message" role="note">
          {t('password.mustChange')}
        </p>
        {changePassword}
      </div>
    )
  }
  return (
    <div className="profile">
      <p className="profile__welcome">
        {t('profile.welcome')} <strong>{session.displayName ?? session.user}</strong>
      </p>
      {/* Keyed by the saved name: the profile's answer may arrive after the first render. */}
      <NameForm
        key={profile.data?.display_name ?? session.displayName ?? ''}
        current={profile.data?.display_name ?? session.displayName ?? ''}
      />
      <PhoneNumberPanel />
      <LanguageChoice />
      <MessageChoices />
      {profile.isPending ? null : changePassword}
    </div>
  )
}

/** The name the person goes by: the header shows it at once once saved. */
function NameForm({ current }: { current: string }) {
  const { t } = useTranslation('auth')
  const session = useSession()
  const titleId = useId()
  const fieldId = useId()
  const save = useSaveMyName()
  const [name, setName] = useState(current)
  const [error, setError] = useState<string>()
  const [outcome, setOutcome] = useState<AuthOutcome>(null)

  async function handleSubmit(event: FormEvent) {
    event.preventDefault()
    setOutcome(null)
    // The contract's rule for a name (and zod with it) comes when the name is first sent (decision 046);
    // should it not arrive, the name goes as typed and the server, which checks the same rule, answers.
    const parsed = await import('./person-name-schema').then(
      ({ PersonNameSchema }) => PersonNameSchema.safeParse(name),
      () => ({ success: true as const, data: name }),
    )
    if (!parsed.success) {
      setError(t('profile.name.invalid'))
      return
    }
    setError(undefined)
    try {
      const me = await save.mutateAsync(parsed.data)
      session.nameSaved?.(me.display_name ?? parsed.data)
      setOutcome({ tone: 'success', text: t('profile.name.saved') })
    } catch (failure) {
      setOutcome({ tone: 'error', text: describeApiError(failure, { VALIDATION_FAILED: t('profile.name.failed') }) })
    }
  }

  return (
    <section className="auth-card" aria-labelledby={titleId}>
      <h2 id={titleId}>{t('profile.name.title')}</h2>
      <AuthOutcomeLine outcome={outcome} />
      <form className="auth-form" onSubmit={handleSubmit} noValidate>
        <AuthField
          id={fieldId}
          label={t('profile.name.label')}
          error={error}
          autoComplete="name"
          value={name}
          maxLength={80}
          onChange={(event) => {
            setName(event.target.value)
            setOutcome(null)
          }}
        />
        <p className="field__hint">{t('profile.name.hint')}</p>
        <button type="submit" className="button button--primary" disabled={save.isPending}>
          {save.isPending ? t('profile.name.saving') : t('profile.name.submit')}
        </button>
      </form>
    </section>
  )
}

/** The language of the screens and of the messages about the person's requests and jobs. */
function LanguageChoice() {
  const { t, i18n } = useTranslation('auth')
  const session = useSession()
  const titleId = useId()
  const fieldId = useId()
  const [outcome, setOutcome] = useState<AuthOutcome>(null)
  const active: Language = isLanguage(i18n.resolvedLanguage) ? i18n.resolvedLanguage : 'en'

  async function handleChange(event: ChangeEvent<HTMLSelectElement>) {
    const language = event.target.value
    if (!isLanguage(language)) return
    await setLanguage(language, i18n)
    session.languageSaved(language)
    try {
      await saveLanguageOnAccount(language)
      // In the language just chosen: the person reads (or hears) it in the language they asked for.
      setOutcome({
        tone: 'success',
        text: i18n.getFixedT(language, 'auth')('profile.language.saved', { language: LANGUAGE_NAMES[language] }),
      })
    } catch (failure) {
      setOutcome({ tone: 'error', text: describeApiError(failure) })
    }
  }

  return (
    <section className="auth-card" aria-labelledby={titleId}>
      <h2 id={titleId}>{t('profile.language.title')}</h2>
      <div className="field">
        <label htmlFor={fieldId}>{t('profile.language.label')}</label>
        <select id={fieldId} value={active} onChange={handleChange}>
          {LANGUAGES.map((language) => (
            <option key={language} value={language} lang={language}>
              {LANGUAGE_NAMES[language]}
            </option>
          ))}
        </select>
      </div>
      <AuthOutcomeLine outcome={outcome} />
    </section>
  )
}

/** Which messages reach the person's phone: SMS, WhatsApp (the dispatcher honours it for what is not sent yet). */
function MessageChoices() {
  const { t } = useTranslation('auth')
  const titleId = useId()
  const hintId = useId()
  const current = useMyNotifications()
  const save = useSaveMyNotifications()
  const [outcome, setOutcome] = useState<AuthOutcome>(null)

  async function handleToggle(channel: keyof NotificationPreferences, on: boolean) {
    if (!current.data) return
    setOutcome(null)
    try {
      await save.mutateAsync({ ...current.data, [channel]: on })
      setOutcome({ tone: 'success', text: t('profile.messages.saved') })
    } catch (failure) {
      setOutcome({
        tone: 'error',
        text: describeApiError(failure, { VALIDATION_FAILED: t('profile.messages.failed') }),
      })
    }
  }

  return (
    <section className="auth-card" aria-labelledby={titleId}>
      <h2 id={titleId}>{t('profile.messages.title')}</h2>
      <p id={hintId}>{t('profile.messages.hint')}</p>
      {current.isError ? (
        <p className="message message--error" role="alert">
          {t('profile.messages.loadFailed')}
        </p>
      ) : (
        <fieldset className="profile__channels" aria-describedby={hintId} disabled={!current.data || save.isPending}>
          <legend className="visually-hidden">{t('profile.messages.title')}</legend>
          {(['sms', 'whatsapp'] as const).map((channel) => (
            <label key={channel} className="profile__channel">
              <input
                type="checkbox"
                checked={current.data?.[channel] ?? false}
                onChange={(event) => void handleToggle(channel, event.target.checked)}
              />{' '}
              {t(`profile.messages.${channel}`)}
            </label>
          ))}
        </fieldset>
      )}
      <AuthOutcomeLine outcome={outcome} />
    </section>
  )
}
