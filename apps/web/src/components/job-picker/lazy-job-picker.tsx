import { TextInput } from '@mantine/core'
import { lazy, Suspense } from 'react'
import { useTranslation } from 'react-i18next'
import { loadWithTimeout } from '../../lib/lazy-with-timeout'
import type { JobPickerProps } from './job-picker'

const Picker = lazy(() => loadWithTimeout(() => import('./job-picker')).then((m) => ({ default: m.JobPicker })))

/**
 * The job picker loaded just after its screen paints (Mantine's searchable Select and its rows): it
 * needs data before it shows anything, and screens near the 200 kB route limit stay under it.
 */
export function JobPicker(props: JobPickerProps) {
  const { t } = useTranslation('assignments')
  return (
    <Suspense fallback={<TextInput label={props.label} placeholder={t('loading')} disabled />}>
      <Picker {...props} />
    </Suspense>
  )
}
