import type { Language } from '@townworks/contract/constants'
import { act, render, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { I18nextProvider } from 'react-i18next'
import { expect, it, vi } from 'vitest'
import { i18n } from '../../lib/i18n'
import { SessionProvider } from '../../lib/session'
import { mockApi } from '../../testing/api-mock'
import { LanguageSwitch } from './language-switch'

// One page per file: the app's session (GET /api/me) and its queue of language saves live as long
// as the page, so this file holds the one page load it needs.

/** A promise settled from outside: the test decides when an answer arrives. */
function deferred<T>() {
  let resolve!: (value: T) => void
  const promise = new Promise<T>((r) => {
    resolve = r
  })
  return { promise, resolve }
}

const me = (language: Language) => ({
  id: 7,
  user: 'ravi',
  email: 'ravi@example.com',
  role: 'customer' as const,
  phone: '9876543210',
  language,
  mustChangePassword: false,
  phone_verified: false,
  second_step: false,
  second_step_required: false,
  display_name: null,
  has_password: true,
})

it('saves the choice made while the page was loading, even when the session arrives before its texts', async () => {
  await i18n.changeLanguage('te')
  const session = deferred<ReturnType<typeof me>>()
  const { calls } = mockApi({ me: () => session.promise, updateMyLanguage: ({ body }) => me(body.language) })
  render(
    <I18nextProvider i18n={i18n}>
      <SessionProvider>
        <LanguageSwitch />
      </SessionProvider>
    </I18nextProvider>,
  )
  // The Hindi texts arrive only after the session is known: the order that lost the choice (issue 25).
  const textsLoaded = deferred<void>()
  const change = i18n.changeLanguage.bind(i18n)
  vi.spyOn(i18n, 'changeLanguage').mockImplementation(async (language, callback) => {
    await textsLoaded.promise
    return change(language, callback)
  })
  await userEvent.selectOptions(screen.getByRole('combobox'), 'hi')
  await act(async () => session.resolve(me('en')))
  await act(async () => textsLoaded.resolve())

  await waitFor(() => expect(i18n.resolvedLanguage).toBe('hi'))
  const saved = () => calls.filter((c) => c.name === 'updateMyLanguage').map((c) => c.body)
  await waitFor(() => expect(saved().at(-1)).toEqual({ language: 'hi' }))
  // Never the language shown before the choice, which would reach the account after it.
  expect(saved()).not.toContainEqual({ language: 'te' })
})

it('announces the change in the new language, marked with that language', async () => {
  vi.restoreAllMocks()
  mockApi({ me: async () => me('hi'), updateMyLanguage: ({ body }) => me(body.language) })
  render(
    <I18nextProvider i18n={i18n}>
      <SessionProvider>
        <LanguageSwitch />
      </SessionProvider>
    </I18nextProvider>,
  )
  const status = () => screen.getByRole('status')
  await userEvent.selectOptions(screen.getByRole('combobox'), 'te')
  await waitFor(() => expect(status()).toHaveTextContent('భాష తెలుగు కి మార్చబడింది'))
  expect(status()).toHaveAttribute('lang', 'te')
  await userEvent.selectOptions(screen.getByRole('combobox'), 'en')
  await waitFor(() => expect(status()).toHaveTextContent('Language changed to English'))
  expect(status()).toHaveAttribute('lang', 'en')
})
