import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { isApiError } from '../../../lib/api-client'
import { describeApiError } from '../../../lib/api-error-text'
import { fieldIssueText } from '../../../lib/field-issue-text'

/** The fields a town and a service share. */
export interface PlaceDraft {
  name: string
  name_te: string
  name_hi: string
  active: boolean
  sort_order: number
}

export const placeDraftOf = (row?: PlaceDraft): PlaceDraft => ({
  name: row?.name ?? '',
  name_te: row?.name_te ?? '',
  name_hi: row?.name_hi ?? '',
  active: row?.active ?? true,
  sort_order: row?.sort_order ?? 100,
})

/**
 * A town's or a service's form: its draft, each field's error (the server's field issues, in the
 * reader's language) and the form's own error (a taken name, no answer). The server checks every
 * rule; the form only asks for the English name before sending.
 */
export function usePlaceForm<D extends PlaceDraft>(initial: D) {
  const { t } = useTranslation('reference')
  const [draft, setDraft] = useState<D>(initial)
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({})
  const [error, setError] = useState('')

  const set = <K extends keyof D>(key: K, value: D[K]) => setDraft((d) => ({ ...d, [key]: value }))

  /** Whether the draft may be sent; says what is missing otherwise. */
  const check = (): boolean => {
    setError('')
    if (draft.name.trim()) {
      setFieldErrors({})
      return true
    }
    setFieldErrors({ name: t('nameRequired') })
    return false
  }

  const fail = (failure: unknown) => {
    const issues = isApiError(failure) ? failure.issues : []
    // A field's issue goes under its field (`services.2` under the services); the rest above the buttons.
    setFieldErrors(Object.fromEntries(issues.map((i) => [i.path.split('.')[0] ?? '', fieldIssueText(i)])))
    setError(issues.length > 0 ? '' : describeApiError(failure, { CONFLICT: t('duplicate') }))
    if (isApiError(failure) && failure.code === 'CONFLICT') setFieldErrors({ name: t('duplicate') })
  }

  return { draft, set, fieldErrors, error, check, fail }
}
