import type { JobResponse } from '@townworks/contract'
import { lazy, Suspense, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { PhoneLink } from '../../../components/phone-link'
import { formatDate, formatTime } from '../../../lib/format'
import { loadWithTimeout } from '../../../lib/lazy-with-timeout'
import { useNames } from '../../../lib/names'
import { JobSection } from './job-section'

// The change form and the free-worker picker: loaded when asked for.
const ChangeAssignmentForm = lazy(() =>
  loadWithTimeout(() => import('./change-assignment-form')).then((m) => ({ default: m.ChangeAssignmentForm })),
)

/** Who goes when: the worker (tap to call), the day and the hours, and changing either. */
export function JobAssignmentPanel({ job }: { job: JobResponse }) {
  const { t, i18n } = useTranslation('jobs')
  const names = useNames()
  const [changing, setChanging] = useState(false)
  const [saved, setSaved] = useState<string | null>(null)
  const { assignment } = job
  const trades = assignment?.worker_trades.map((trade) => names.service(trade)).join(', ')
  return (
    <JobSection title={t('assignment.heading')}>
      {assignment ? (
        <dl className="job-facts">
          <dt>{t('assignment.worker')}</dt>
          <dd>
            <strong>{assignment.worker_name}</strong>
            {trades ? <span className="job-muted"> · {trades}</span> : null}
          </dd>
          <dt>{t('assignment.phone')}</dt>
          <dd>
            <PhoneLink phone={assignment.worker_phone} label={t('assignment.call', { name: assignment.worker_name })} />
          </dd>
          <dt>{t('assignment.date')}</dt>
          <dd>{formatDate(assignment.date, i18n.language, 'full')}</dd>
          <dt>{t('assignment.time')}</dt>
          <dd>
            {formatTime(assignment.start_time)}–{formatTime(assignment.end_time)}
          </dd>
        </dl>
      ) : (
        <p className="job-muted">{t('assignment.none')}</p>
      )}
      <div role="status" aria-live="polite">
        {saved ? <p className="job-saved">{saved}</p> : null}
      </div>
      {assignment && !changing ? (
        <button
          type="button"
          className="button"
          onClick={() => {
            setSaved(null)
            setChanging(true)
          }}
        >
          {t('change.open')}
        </button>
      ) : null}
      {assignment && changing ? (
        <Suspense fallback={<p role="status">{t('change.loading')}</p>}>
          <ChangeAssignmentForm
            job={job}
            assignment={assignment}
            onDone={(text) => {
              setChanging(false)
              if (text) setSaved(text)
            }}
          />
        </Suspense>
      ) : null}
    </JobSection>
  )
}
