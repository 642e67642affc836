import type { ReadableStatus, StatusLabels } from '@townworks/contract/status-labels/types'
import type { i18n as I18n } from 'i18next'
import { use, useCallback } from 'react'
import { useTranslation } from 'react-i18next'
import { statusLabelFiles } from './i18n'

export type { ReadableStatus } from '@townworks/contract/status-labels/types'

const fileOf = (language: string) => `../../../../packages/contract/src/status-labels/${language}.json`

const loading = new Map<string, Promise<void>>()

/**
 * The names in `language` as i18next's namespace `status`, fetched once: only screens that show a
 * status pay for it (not the home page's first load), and only in the reader's language.
 */
function statusNamesReady(instance: I18n, language: string): Promise<void> | undefined {
  if (instance.hasResourceBundle(language, 'status')) return undefined
  let pending = loading.get(language)
  if (!pending) {
    const load = statusLabelFiles[fileOf(language)] ?? statusLabelFiles[fileOf('en')]
    pending = load
      ? load().then((module) => {
          instance.addResourceBundle(language, 'status', module.default)
        })
      : Promise.resolve()
    loading.set(language, pending)
  }
  return pending
}

/**
 * A status as people read it, in the screen's language: the contract's one map (decision 030), the
 * same words the messages use. Suspends until the reader's names have arrived. Never show a wire value.
 */
export function useStatusLabel(): (status: ReadableStatus) => string {
  const { i18n } = useTranslation()
  const language = i18n.resolvedLanguage ?? i18n.language
  const pending = statusNamesReady(i18n, language)
  if (pending) use(pending)
  return useCallback(
    (status: ReadableStatus) => {
      const names = i18n.getResourceBundle(language, 'status') as StatusLabels | undefined
      return names?.[status] ?? status
    },
    [i18n, language],
  )
}
