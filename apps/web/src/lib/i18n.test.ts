import { LANGUAGES } from '@townworks/contract'
import { describe, expect, it } from 'vitest'
import { createI18n, isSupportedLanguage, setLanguage, SUPPORTED_LANGUAGES } from './i18n'
import { initialLanguage, LANGUAGE_STORAGE_KEY, preferredLanguage } from './language'

describe('i18n', () => {
  it('supports exactly the contract’s languages', () => {
    expect([...SUPPORTED_LANGUAGES]).toEqual([...LANGUAGES])
    expect(isSupportedLanguage('te')).toBe(true)
    expect(isSupportedLanguage('fr')).toBe(false)
  })

  it('has English ready synchronously, with no loading step', () => {
    const i18n = createI18n()
    expect(i18n.isInitialized).toBe(true)
    expect(i18n.t('menu:serviceRequest')).toBe('Service Request')
    expect(i18n.t('errors:heading')).toBe('Unexpected Application Error!')
  })

  it('loads a screen namespace on demand', async () => {
    const i18n = createI18n()
    expect(i18n.hasLoadedNamespace('homeMore')).toBe(false)
    await i18n.loadNamespaces('homeMore')
    expect(i18n.t('homeMore:reasons.vetted.title')).toBe('Vetted workers')
  })

  it('keeps <html lang> in step, loads Telugu and Hindi files, and remembers the choice', async () => {
    localStorage.clear()
    const i18n = createI18n()
    expect(document.documentElement.lang).toBe('en')
    await setLanguage('te', i18n)
    expect(document.documentElement.lang).toBe('te')
    expect(i18n.t('menu:home')).toBe('హోమ్')
    expect(localStorage.getItem(LANGUAGE_STORAGE_KEY)).toBe('te')
    await setLanguage('hi', i18n)
    expect(i18n.t('menu:home')).toBe('होम')
    expect(document.documentElement.lang).toBe('hi')
    await setLanguage('en', i18n)
    expect(document.documentElement.lang).toBe('en')
    expect(i18n.t('menu:home')).toBe('Home')
  })

  it('starts in the saved language, else the browser’s preferred one if supported, else English', () => {
    localStorage.clear()
    expect(preferredLanguage(['te-IN', 'en-US'])).toBe('te')
    expect(preferredLanguage(['fr-FR', 'hi'])).toBe('hi')
    expect(preferredLanguage(['fr-FR', 'ta-IN'])).toBe('en')
    expect(preferredLanguage([])).toBe('en')
    localStorage.setItem(LANGUAGE_STORAGE_KEY, 'hi')
    expect(initialLanguage()).toBe('hi')
    localStorage.setItem(LANGUAGE_STORAGE_KEY, 'xx')
    expect(initialLanguage()).toBe(preferredLanguage())
    localStorage.clear()
  })
})
