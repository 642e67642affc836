import { statusLabel, type ReadableStatus } from '@townworks/contract/status-labels'
import { useCallback } from 'react'
import { useTranslation } from 'react-i18next'

export { statusLabel, type ReadableStatus } from '@townworks/contract/status-labels'

/**
 * A status as people read it, in the screen's language: the contract's one map (decision 030), the
 * same words the messages use. Never show a status's wire value.
 */
export function useStatusLabel(): (status: ReadableStatus) => string {
  const { i18n } = useTranslation()
  const language = i18n.resolvedLanguage ?? i18n.language
  return useCallback((status: ReadableStatus) => statusLabel(status, language), [language])
}
