import type { ReadableStatus } from '@townworks/contract/status-labels/types'
import { useCallback } from 'react'
import { useTranslation } from 'react-i18next'

export type { ReadableStatus } from '@townworks/contract/status-labels/types'

/**
 * A status as people read it, in the screen's language: the contract's one map (decision 030), the
 * same words the messages use. The names are i18next's namespace `status`, read from
 * packages/contract/src/status-labels/<language>.json in the reader's language only (lib/i18n.ts),
 * so a screen waits for them as it waits for its other translations. Never show a wire value.
 */
export function useStatusLabel(): (status: ReadableStatus) => string {
  const { t } = useTranslation('status')
  return useCallback((status: ReadableStatus) => t(status), [t])
}
