import { lazy, Suspense } from 'react'
import { useTranslation } from 'react-i18next'
import { loadWithTimeout } from '../../lib/lazy-with-timeout'
import type { WorkerPickerProps } from './worker-picker'

const Picker = lazy(() => loadWithTimeout(() => import('./worker-picker')).then((m) => ({ default: m.WorkerPicker })))

/**
 * The free-worker suggestions of Create Schedule, Update Task Assignment and the job page, loaded just after the
 * form paints: they need a slot before they show anything, and loading them with the form took
 * both screens over the 200 kB route limit (bench budgets, issue #10).
 */
export function WorkerPicker(props: WorkerPickerProps) {
  const { t } = useTranslation('assignments')
  return (
    <Suspense fallback={<p role="status">{t('picker.loading')}</p>}>
      <Picker {...props} />
    </Suspense>
  )
}
