import { LANGUAGES } from '@townworks/contract'
import { describe, expect, it } from 'vitest'
import { createI18n, isSupportedLanguage, SUPPORTED_LANGUAGES } from './i18n'

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
    expect(i18n.hasLoadedNamespace('home')).toBe(false)
    await i18n.loadNamespaces('home')
    expect(i18n.t('home:reasons.vetted.title')).toBe('Vetted workers')
  })

  it('keeps <html lang> in step and falls back to English for a language without files yet', async () => {
    const i18n = createI18n()
    expect(document.documentElement.lang).toBe('en')
    await i18n.changeLanguage('te')
    expect(document.documentElement.lang).toBe('te')
    expect(i18n.t('menu:home')).toBe('Home')
    await i18n.changeLanguage('en')
    expect(document.documentElement.lang).toBe('en')
  })
})
