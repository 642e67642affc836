import i18next, { type BackendModule, type i18n as I18n } from 'i18next'
import { initReactI18next } from 'react-i18next'
import { LANGUAGES, type Language } from '@townworks/contract/constants'
import common from '../locales/en/common.json'
import errors from '../locales/en/errors.json'
import menu from '../locales/en/menu.json'
import routes from '../locales/en/routes.json'
import { initialLanguage, loadLanguageFont, storeLanguage } from './language'
import { CORE_NAMESPACES } from './namespaces'

/** The languages of the user interface (from the contract's zod-free constants). */
export const SUPPORTED_LANGUAGES = LANGUAGES

export const DEFAULT_LANGUAGE: Language = 'en'

/** English core namespaces ship in the bundle: the first paint has its text. */
export { CORE_NAMESPACES }
export const bundledResources = { en: { common, menu, errors, routes } } as const

/**
 * Every locale file, `src/locales/<language>/<namespace>.json`, as a lazy chunk. Adding Telugu is
 * adding `src/locales/te/*.json`: nothing else changes. A missing file falls back to English.
 */
export const localeFiles = import.meta.glob<{ default: Record<string, unknown> }>(
  [
    './*/*.json',
    // Already in the bundle (above).
    '!./en/{common,menu,errors,routes}.json',
  ],
  // Keys "./te/auth.json", not "../locales/te/auth.json": the map is in every page's first load (decision 047).
  { base: '../locales' },
)

/**
 * The contract's status names (decision 030), one JSON file per language, each its own small chunk;
 * i18next reads the reader's as the namespace `status` when a screen first asks for it (lib/status-labels.ts).
 */
const statusLabelFiles = import.meta.glob<{ default: Record<string, string> }>('./*.json', {
  base: '../../../../packages/contract/src/status-labels',
})

const localeBackend: BackendModule = {
  type: 'backend',
  init() {},
  read(language, namespace, callback) {
    const load =
      namespace === 'status' ? statusLabelFiles[`./${language}.json`] : localeFiles[`./${language}/${namespace}.json`]
    if (!load) {
      callback(null, {})
      return
    }
    load().then(
      (module) => callback(null, module.default),
      (error: unknown) => callback(error instanceof Error ? error : new Error(String(error)), false),
    )
  },
}

/** Whether a value is one of the supported language codes. */
export function isSupportedLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (SUPPORTED_LANGUAGES as readonly string[]).includes(value)
}

/** Keep <html lang> in step with the active language (screen readers, fonts), and fetch its font. */
function syncDocumentLanguage(language: string) {
  if (!isSupportedLanguage(language)) return
  if (typeof document !== 'undefined') document.documentElement.lang = language
  loadLanguageFont(language)
}

/** A configured i18next instance in `language` (the app starts in `initialLanguage()`). */
export function createI18n(language: Language = DEFAULT_LANGUAGE): I18n {
  const instance = i18next.createInstance()
  instance.on('languageChanged', syncDocumentLanguage)
  void instance
    .use(localeBackend)
    .use(initReactI18next)
    .init({
      lng: language,
      fallbackLng: DEFAULT_LANGUAGE,
      supportedLngs: [...SUPPORTED_LANGUAGES],
      ns: [...CORE_NAMESPACES],
      defaultNS: 'common',
      resources: bundledResources,
      // Bundled English plus files fetched on demand for everything else.
      partialBundledLanguages: true,
      // English is in the bundle: initialise synchronously so the first render has text.
      initAsync: false,
      interpolation: { escapeValue: false },
      returnNull: false,
    })
  syncDocumentLanguage(language)
  return instance
}

/** The app's i18next instance, in the saved language or the browser's preferred one. */
export const i18n = createI18n(initialLanguage())

/**
 * Switch the interface language and remember it in this browser. Resolves once every namespace
 * already in use is loaded in that language (i18next fetches them before switching).
 */
export async function setLanguage(language: Language, instance: I18n = i18n): Promise<void> {
  storeLanguage(language)
  if (instance.resolvedLanguage !== language || instance.language !== language) {
    await instance.changeLanguage(language)
  }
}

/** Resolves when the core namespaces are ready in the active language: the app renders after it. */
export function whenLanguageReady(instance: I18n = i18n): Promise<void> {
  return instance.loadNamespaces([...CORE_NAMESPACES]).catch(() => undefined)
}
