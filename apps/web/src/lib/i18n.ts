import i18next, { type BackendModule, type i18n as I18n } from 'i18next'
import { initReactI18next } from 'react-i18next'
import { LANGUAGES, type Language } from '@townworks/contract/constants'
import common from '../locales/en/common.json'
import errors from '../locales/en/errors.json'
import menu from '../locales/en/menu.json'
import routes from '../locales/en/routes.json'

/** The languages of the user interface (from the contract's zod-free constants). */
export const SUPPORTED_LANGUAGES = LANGUAGES

export const DEFAULT_LANGUAGE: Language = 'en'

/**
 * Namespaces every screen needs (layout, menu, error screens, screen titles): bundled in English
 * so the first paint has its text. Screen namespaces (home, about, blog, …) load with their
 * route's chunk, in whatever language is active (see the router's `namespaces`).
 */
export const CORE_NAMESPACES = ['common', 'menu', 'errors', 'routes'] as const
export const bundledResources = { en: { common, menu, errors, routes } } as const

/**
 * Every locale file, `src/locales/<language>/<namespace>.json`, as a lazy chunk. Adding Telugu is
 * adding `src/locales/te/*.json`: nothing else changes. A missing file falls back to English.
 */
const localeFiles = import.meta.glob<{ default: Record<string, unknown> }>([
  '../locales/*/*.json',
  // Already in the bundle (above).
  '!../locales/en/{common,menu,errors,routes}.json',
])

const localeBackend: BackendModule = {
  type: 'backend',
  init() {},
  read(language, namespace, callback) {
    const load = localeFiles[`../locales/${language}/${namespace}.json`]
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

/** Keep <html lang> (and later dir) in step with the active language, for screen readers and fonts. */
function syncDocumentLanguage(language: string) {
  if (typeof document !== 'undefined') document.documentElement.lang = language
}

/** A configured i18next instance; `language` will come from the user's saved choice in a later issue. */
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
  return instance
}

/** The app's i18next instance. */
export const i18n = createI18n()
