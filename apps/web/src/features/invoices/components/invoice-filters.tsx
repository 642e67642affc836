import { Button, Group, NativeSelect, TextInput } from '@mantine/core'
import { useState, type FormEvent } from 'react'
import { useTranslation } from 'react-i18next'
import {
  draftFromParams,
  FILTER_KEYS,
  INVOICE_KIND_OPTIONS,
  type FilterKey,
  type InvoiceFilterDraft,
} from '../model/invoice-query'

/** The address's filters as one string, to tell when they change. */
const filtersOf = (params: URLSearchParams) => FILTER_KEYS.map((key) => params.get(key) ?? '').join('\u0000')

export interface InvoiceFiltersProps {
  params: URLSearchParams
  onApply: (draft: InvoiceFilterDraft) => void
  onClear: () => void
}

/** Kind, days of issue and a search: typed into a form, sent to the address on Show (or Enter). */
export function InvoiceFilters({ params, onApply, onClear }: InvoiceFiltersProps) {
  const { t } = useTranslation('invoices')
  const [draft, setDraft] = useState<InvoiceFilterDraft>(() => draftFromParams(params))
  const [toError, setToError] = useState(false)
  // The fields follow the address when its filters change (Show, Clear, Back), in place: the form
  // stays mounted, so focus stays where it was.
  const shown = filtersOf(params)
  const [seen, setSeen] = useState(shown)
  if (seen !== shown) {
    setSeen(shown)
    setDraft(draftFromParams(params))
    setToError(false)
  }
  const field = (key: FilterKey) => ({
    value: draft[key],
    onChange: (event: { currentTarget: { value: string } }) => {
      const value = event.currentTarget.value
      setDraft((d) => ({ ...d, [key]: value }))
      if (key === 'from' || key === 'to') setToError(false)
    },
  })
  const handleSubmit = (event: FormEvent) => {
    event.preventDefault()
    // The API refuses a range that ends before it starts: say so on the field instead.
    if (draft.from && draft.to && draft.to < draft.from) {
      setToError(true)
      return
    }
    onApply(draft)
  }
  const handleClear = () => {
    setDraft(draftFromParams(new URLSearchParams()))
    setToError(false)
    onClear()
  }
  return (
    <form onSubmit={handleSubmit} role="search" aria-label={t('filters.label')} className="invoices-filters">
      <TextInput
        className="invoices-filters__search"
        type="search"
        label={t('filters.search')}
        description={t('filters.searchHint')}
        // The hint under the box: the four boxes then line up in a row.
        inputWrapperOrder={['label', 'input', 'description', 'error']}
        maxLength={100}
        {...field('q')}
      />
      <NativeSelect
        label={t('filters.kind')}
        data={[
          { value: '', label: t('filters.anyKind') },
          ...INVOICE_KIND_OPTIONS.map((kind) => ({ value: kind, label: t(`kinds.${kind}`) })),
        ]}
        {...field('kind')}
      />
      <TextInput type="date" label={t('filters.from')} {...field('from')} />
      <TextInput
        type="date"
        label={t('filters.to')}
        error={toError ? t('filters.toBeforeFrom') : undefined}
        {...field('to')}
      />
      <Group gap="sm" className="invoices-filters__actions">
        <Button type="submit">{t('filters.apply')}</Button>
        <Button type="button" variant="default" onClick={handleClear}>
          {t('filters.clear')}
        </Button>
      </Group>
    </form>
  )
}
