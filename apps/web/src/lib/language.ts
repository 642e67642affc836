import { LANGUAGES, type Language } from '@townworks/contract/constants'

/**
 * The chosen language, per browser. Logging out clears all local storage (as the seed did); the
 * session re-saves this key on purpose, so the language survives a logout.
 */
export const LANGUAGE_STORAGE_KEY = 'lang'

/** Each language's name in itself: what the switch shows, whatever language is active. */
export const LANGUAGE_NAMES: Record<Language, string> = {
  en: 'English',
  te: 'తెలుగు',
  hi: 'हिन्दी',
}

/** The Intl locale for dates and numbers: Indian conventions in every language. */
export const INTL_LOCALES: Record<Language, string> = {
  en: 'en-IN',
  te: 'te-IN',
  hi: 'hi-IN',
}

/** Whether a value is one of the supported language codes. */
export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value)
}

/** The language saved in this browser, if any. */
export function readStoredLanguage(): Language | undefined {
  try {
    const value = localStorage.getItem(LANGUAGE_STORAGE_KEY)
    return isLanguage(value) ? value : undefined
  } catch {
    return undefined
  }
}

/** Remember the language in this browser (private mode may refuse: the choice then lasts the visit). */
export function storeLanguage(language: Language): void {
  try {
    localStorage.setItem(LANGUAGE_STORAGE_KEY, language)
  } catch {
    // Storage unavailable: nothing else to do.
  }
}

/** The first of the browser's preferred languages that we have ('te-IN' → te), else English. */
export function preferredLanguage(browserLanguages: readonly string[] = browserPreferences()): Language {
  for (const tag of browserLanguages) {
    const base = tag.toLowerCase().split('-')[0]
    if (isLanguage(base)) return base
  }
  return 'en'
}

function browserPreferences(): readonly string[] {
  if (typeof navigator === 'undefined') return []
  return navigator.languages.length > 0 ? navigator.languages : [navigator.language]
}

/** The language of the first paint: the saved choice, else the browser's preference, else English. */
export function initialLanguage(): Language {
  return readStoredLanguage() ?? preferredLanguage()
}

/**
 * The script's font, served by the app itself (Noto Sans Telugu / Devanagari, weights 400 and 700,
 * font-display: swap), fetched only when that language is active. English needs none: system fonts.
 */
const FONT_LOADERS: Partial<Record<Language, () => Promise<unknown>>> = {
  te: () =>
    Promise.all([
      import('@fontsource/noto-sans-telugu/telugu-400.css'),
      import('@fontsource/noto-sans-telugu/telugu-700.css'),
    ]),
  hi: () =>
    Promise.all([
      import('@fontsource/noto-sans-devanagari/devanagari-400.css'),
      import('@fontsource/noto-sans-devanagari/devanagari-700.css'),
    ]),
}

/**
 * The attribute on <html> that puts the active language's face first in the font stack
 * (app/styles.css, `:root:lang(te)[data-script-font]`). Two things made bold Telugu render as boxes
 * with the face listed after the system fonts: Chromium on Linux takes a bold system font (DejaVu
 * Sans Bold, Liberation Sans Bold) as covering every character and draws its empty box for Telugu,
 * never reaching the next family; and text laid out before the @font-face rules arrived kept its
 * first fonts. So the attribute is set only once the rules are in the document: the stack changes
 * then, and every element is laid out again with it.
 */
export const SCRIPT_FONT_ATTRIBUTE = 'data-script-font'

const fontRules = new Map<Language, Promise<unknown>>()

/**
 * Load the language's font once (call it after <html lang> is set), and put it first in the font
 * stack when its rules have arrived, if the page is still in that language. A failure leaves the
 * system fonts; the next call tries again.
 */
export function loadLanguageFont(language: Language): void {
  const root = document.documentElement
  root.removeAttribute(SCRIPT_FONT_ATTRIBUTE)
  const load = FONT_LOADERS[language]
  if (!load) return
  const rules = fontRules.get(language) ?? load()
  fontRules.set(language, rules)
  rules.then(
    () => root.lang === language && root.setAttribute(SCRIPT_FONT_ATTRIBUTE, ''),
    () => fontRules.delete(language),
  )
}

/**
 * Turn on the shell's @font-face rules (index.html's `<style id="boot-fonts">`), so that the language
 * switch names Telugu and Hindi in their own script on a device without those fonts. A Telugu or Hindi
 * page has them on from the start; an English page only once its content is drawn, so the two faces
 * never compete with a phone's first screen (decision 058).
 */
export function enableScriptFaces(): void {
  document.getElementById('boot-fonts')?.setAttribute('media', 'all')
}
