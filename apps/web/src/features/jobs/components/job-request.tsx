import type { JobRequest, JobTask } from '@townworks/contract'
import { useTranslation } from 'react-i18next'
import { PhoneLink } from '../../../components/phone-link'
import { formatDate } from '../../../lib/format'
import { useNames } from '../../../lib/names'
import { JobSection } from './job-section'

/** What the customer asked for: who, their phone (tap to call), where, when, and the description. */
export function JobRequestPanel({ task, request }: { task: JobTask; request: JobRequest | null }) {
  const { t, i18n } = useTranslation('jobs')
  const names = useNames()
  return (
    <JobSection title={t('request.heading')}>
      {request ? (
        <dl className="job-facts">
          <dt>{t('request.customer')}</dt>
          <dd>{request.customer_name}</dd>
          <dt>{t('request.phone')}</dt>
          <dd>
            <PhoneLink phone={request.phone} label={t('request.call', { name: request.customer_name })} />
          </dd>
          <dt>{t('request.place')}</dt>
          <dd>
            {names.town(request.town)} · {names.service(request.service)}
          </dd>
          <dt>{t('request.date')}</dt>
          <dd>{formatDate(request.service_date, i18n.language, 'full')}</dd>
          <dt>{t('request.reference')}</dt>
          <dd>{request.reference}</dd>
        </dl>
      ) : (
        <p className="job-muted">{t('request.none')}</p>
      )}
      {task.description.trim() ? (
        <>
          <h4 className="job-subtitle">{t('request.description')}</h4>
          <p className="job-description">{task.description}</p>
        </>
      ) : null}
    </JobSection>
  )
}
