import { TextInput } from '@mantine/core'
import { lazy, Suspense } from 'react'
import { useTranslation } from 'react-i18next'
import { loadWithTimeout } from '../../../lib/lazy-with-timeout'
import type { JobPickerProps, WorkerSelectProps } from './pickers'

const load = () => loadWithTimeout(() => import('./pickers'))
const LazyJobPicker = lazy(() => load().then((m) => ({ default: m.JobPicker })))
const LazyWorkerSelect = lazy(() => load().then((m) => ({ default: m.WorkerSelect })))

/** While the picker's code loads: its label, disabled, saying so. */
function Placeholder({ label }: { label: string }) {
  const { t } = useTranslation('assignments')
  return <TextInput label={label} placeholder={t('loading')} disabled />
}

/**
 * The pickers of /etass, /asu and /ts (Mantine's searchable Select and their rows), loaded just after
 * the form paints: loading them with the form would take /ts and /etass over the 200 kB route limit.
 */
export function JobPicker(props: JobPickerProps) {
  return (
    <Suspense fallback={<Placeholder label={props.label} />}>
      <LazyJobPicker {...props} />
    </Suspense>
  )
}

export function WorkerSelect(props: WorkerSelectProps) {
  return (
    <Suspense fallback={<Placeholder label={props.label} />}>
      <LazyWorkerSelect {...props} />
    </Suspense>
  )
}
