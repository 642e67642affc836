import { Loader, Select, type ComboboxItem, type OptionsFilter } from '@mantine/core'
import { useDebouncedValue } from '@mantine/hooks'
import type { JobSummary } from '@townworks/contract'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useNames } from '../../lib/names'
import { useJobSummaries, type SummaryKind } from '../../lib/shared-api/jobs'
import { summaryLabel } from './summary-label'

/** Mantine's dimmed description text is 3.3:1 on white; this grey is 7.6:1. */
const READABLE = { description: { color: '#4b5563' } }

/** The server already narrowed the rows to what was typed (in any language): show them all. */
const SERVER_FILTERED: OptionsFilter = ({ options }) => options

export interface JobPickerProps {
  kind: SummaryKind
  label: string
  /** The chosen id (the assignment's or the task's): what the seed's form sends. */
  value: number | undefined
  onChange: (id: number | undefined, summary: JobSummary | undefined) => void
  /**
   * How to name the chosen id while it is not among the rows shown (a deep link, an older job): a
   * row known from elsewhere (the chosen assignment names its task), else a text.
   */
  fallback?: JobSummary | string | undefined
  placeholder?: string | undefined
  error?: string | undefined
  disabled?: boolean | undefined
  /** Offer a button that empties the choice, named for screen readers by `clearLabel`. */
  clearLabel?: string | undefined
}

/**
 * An assignment or task picker: each row as "TW-000123 · Plumber · Nirmal · Tue 25 Nov 10:00 · Ravi
 * Kumar", searchable by reference, worker, service or town (the server searches, a quarter second
 * after typing stops). It still hands the seed's id to the form.
 */
export function JobPicker({
  kind,
  label,
  value,
  onChange,
  fallback,
  placeholder,
  error,
  disabled,
  clearLabel,
}: JobPickerProps) {
  const { t, i18n } = useTranslation('assignments')
  const names = useNames()
  const [search, setSearch] = useState('')
  const [chosen, setChosen] = useState<JobSummary | undefined>(undefined)

  const options = (rows: readonly JobSummary[]) =>
    rows.map((row) => ({ value: String(row.id), label: summaryLabel(row, names, i18n.language) }))
  const known = chosen && chosen.id === value ? chosen : fallback
  const chosenLabel = typeof known === 'object' ? summaryLabel(known, names, i18n.language) : known
  // Mantine puts the chosen option's label in the box: that is no search.
  const typed = search === chosenLabel ? '' : search.trim()
  const [q] = useDebouncedValue(typed, 250)
  const summaries = useJobSummaries(kind, q)
  const rows = summaries.data ?? []

  const data: ComboboxItem[] = options(rows)
  if (value !== undefined && !rows.some((row) => row.id === value)) {
    data.unshift({ value: String(value), label: chosenLabel ?? t('pickers.chosenElsewhere') })
  }

  return (
    <Select
      label={label}
      placeholder={placeholder ?? t('pickers.placeholder')}
      description={t('pickers.searchHint')}
      styles={READABLE}
      data={data}
      value={value === undefined ? null : String(value)}
      onChange={(next) => {
        const row = rows.find((r) => String(r.id) === next)
        setChosen(row)
        onChange(next === null ? undefined : Number(next), row)
      }}
      searchable
      searchValue={search}
      onSearchChange={setSearch}
      filter={SERVER_FILTERED}
      nothingFoundMessage={summaries.isPending ? t('loading') : t('pickers.nothingFound')}
      rightSection={summaries.isFetching ? <Loader size="xs" role="status" aria-label={t('loading')} /> : undefined}
      error={error ?? (summaries.isError ? t('pickers.failed') : undefined)}
      disabled={disabled}
      clearable={clearLabel !== undefined}
      // Mantine hides its clear button from the keyboard and screen readers: give it back to them.
      clearButtonProps={
        clearLabel === undefined ? undefined : { 'aria-label': clearLabel, 'aria-hidden': false, tabIndex: 0 }
      }
      comboboxProps={{ withinPortal: true }}
    />
  )
}
