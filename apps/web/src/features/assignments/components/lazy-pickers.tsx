import { TextInput } from '@mantine/core'
import { lazy, Suspense } from 'react'
import { useTranslation } from 'react-i18next'
import { loadWithTimeout } from '../../../lib/lazy-with-timeout'
import type { JobPickerProps } from '../../../components/job-picker/job-picker'
import type { WorkerSelectProps } from './pickers'
import type { WorkerPickerProps } from '../../../components/worker-picker/worker-picker'

const load = () => loadWithTimeout(() => import('./pickers'))
const LazyJobPicker = lazy(() => load().then((m) => ({ default: m.JobPicker })))
const LazyWorkerSelect = lazy(() => load().then((m) => ({ default: m.WorkerSelect })))
const LazyWorkerPicker = lazy(() => load().then((m) => ({ default: m.WorkerPicker })))

/** While a picker's code loads: its label, disabled. */
function Placeholder({ label }: { label: string }) {
  const { t } = useTranslation('assignments')
  return <TextInput label={label} placeholder={t('loading')} disabled />
}

/**
 * The pickers of /etass, /asu and /ts (Mantine's searchable Select, their rows, the free-worker
 * suggestions), one chunk loaded just after the form paints: they need data before they show
 * anything, and loading them with the forms would take /ts and /etass over the 200 kB route limit.
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

export function WorkerPicker(props: WorkerPickerProps) {
  return (
    <Suspense fallback={null}>
      <LazyWorkerPicker {...props} />
    </Suspense>
  )
}
