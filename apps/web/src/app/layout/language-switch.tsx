import { LANGUAGES, type Language } from '@townworks/contract/constants'
import { useEffect, useId, useRef, useState, type ChangeEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { setLanguage } from '../../lib/i18n'
import { enableScriptFaces, isLanguage, LANGUAGE_NAMES, readStoredLanguage } from '../../lib/language'
import { saveLanguageOnAccount, useSession } from '../../lib/session'

// Saves go one at a time, in the order they were made: two in flight (the browser's language
// given to the account on load, then the person's choice) could land in either order and leave the
// account on the older one.
let saving: Promise<unknown> = Promise.resolve()

/** Save the language on the account too (notifications use it); the screen has already switched. */
function saveOnAccount(language: Language) {
  saving = saving.then(() => saveLanguageOnAccount(language).catch(() => undefined))
  return saving
}

/**
 * A choice made while the session was not yet known (the page had just loaded and /api/me had not
 * answered): it is saved once the session is known, and wins over the account's older language.
 */
let choiceBeforeSession: Language | undefined

/** How long after the header is drawn an English page fetches the Telugu and Hindi faces. */
const SCRIPT_FACES_DELAY_MS = 3000

/**
 * The language switch in the header: a native select (small, keyboard and screen-reader friendly),
 * each language named in itself. The choice is kept in this browser and, when logged in, on the
 * account; after login the account's saved language wins, unless the person chose on this page.
 *
 * Both the choice and the session arrive asynchronously (the language's texts load; /api/me answers),
 * in either order: each side reads the other's latest state (the stored choice, the session ref),
 * never what it was when the handler was created (issue 25's language race).
 */
export function LanguageSwitch() {
  const { t, i18n } = useTranslation()
  const id = useId()
  const session = useSession()
  const latestSession = useRef(session)
  useEffect(() => {
    latestSession.current = session
  })
  const [announcement, setAnnouncement] = useState<{ language: Language; text: string } | null>(null)
  // The other languages' names in their script: their faces come a moment after the page is drawn
  // (or as soon as the switch is focused: a tap or the keyboard), never before the screen's own content (decision 058).
  useEffect(() => {
    const timer = setTimeout(enableScriptFaces, SCRIPT_FACES_DELAY_MS)
    return () => clearTimeout(timer)
  }, [])
  const active = isLanguage(i18n.resolvedLanguage) ? i18n.resolvedLanguage : 'en'

  // Once per login: a choice made before the session was known is saved; otherwise a language saved
  // on the account (not the default English) wins; otherwise the account learns this browser's.
  const synced = useRef<string | undefined>(undefined)
  const { user, language: accountLanguage, languageSaved } = session
  useEffect(() => {
    if (!user) {
      synced.current = undefined
      return
    }
    if (!accountLanguage || synced.current === user) return
    synced.current = user
    // What the person sees or is switching to now: stored at once when chosen, before its texts load.
    const current = readStoredLanguage() ?? (isLanguage(i18n.resolvedLanguage) ? i18n.resolvedLanguage : 'en')
    const chosen = choiceBeforeSession
    choiceBeforeSession = undefined
    if (chosen) {
      if (chosen !== accountLanguage) {
        languageSaved(chosen)
        void saveOnAccount(chosen)
      }
    } else if (accountLanguage !== 'en') {
      if (accountLanguage !== current) void setLanguage(accountLanguage, i18n)
    } else if (current !== 'en') {
      void saveOnAccount(current)
    }
  }, [user, accountLanguage, languageSaved, i18n])

  async function handleChange(event: ChangeEvent<HTMLSelectElement>) {
    const language = event.target.value
    if (!isLanguage(language)) return
    if (!latestSession.current.user && latestSession.current.status === 'loading') choiceBeforeSession = language
    await setLanguage(language, i18n)
    // Said in the new language, which the person chose to hear (t of this render is the old one's).
    setAnnouncement({
      language,
      text: i18n.getFixedT(language)('language.changed', { language: LANGUAGE_NAMES[language] }),
    })
    // The session as it is now: it may have become known while the texts loaded.
    const now = latestSession.current
    if (now.user && choiceBeforeSession === undefined) {
      now.languageSaved(language)
      await saveOnAccount(language)
    }
  }

  return (
    <div className="language-switch">
      <label htmlFor={id} className="visually-hidden">
        {t('language.label')}
      </label>
      <svg className="language-switch__icon" viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
        <path
          fill="currentColor"
          d="M12 2a10 10 0 1 0 0 20 10 10 0 0 0 0-20Zm6.9 6h-2.9a15.7 15.7 0 0 0-1.4-3.6A8 8 0 0 1 18.9 8ZM12 4c.8 1.2 1.5 2.5 1.9 4h-3.8c.4-1.5 1.1-2.8 1.9-4ZM4.3 14a8.2 8.2 0 0 1 0-4h3.4a16.5 16.5 0 0 0 0 4H4.3Zm.8 2h2.9c.3 1.3.8 2.5 1.4 3.6A8 8 0 0 1 5.1 16ZM8 8H5.1a8 8 0 0 1 4.3-3.6C8.8 5.5 8.3 6.7 8 8Zm4 12c-.8-1.2-1.5-2.5-1.9-4h3.8c-.4 1.5-1.1 2.8-1.9 4Zm2.3-6H9.7a14.7 14.7 0 0 1 0-4h4.6a14.7 14.7 0 0 1 0 4Zm.3 5.6c.6-1.1 1.1-2.3 1.4-3.6h2.9a8 8 0 0 1-4.3 3.6Zm1.8-5.6a16.5 16.5 0 0 0 0-4h3.4a8.2 8.2 0 0 1 0 4h-3.4Z"
        />
      </svg>
      <select
        id={id}
        className="language-switch__select"
        value={active}
        onChange={handleChange}
        onFocus={enableScriptFaces}
      >
        {LANGUAGES.map((language) => (
          <option key={language} value={language} lang={language}>
            {LANGUAGE_NAMES[language]}
          </option>
        ))}
      </select>
      <span className="visually-hidden" role="status" aria-live="polite" lang={announcement?.language}>
        {announcement?.text}
      </span>
    </div>
  )
}
