import type { JobRequest, JobTask } from '@townworks/contract'
import { useTranslation } from 'react-i18next'
import { PhoneLink } from '../../../components/phone-link'
import { formatDate } from '../../../lib/format'
import { mapsLink } from '../../../lib/maps'
import { OrderText } from '../../../lib/order-text'
import { RequestPhotoButton } from '../../../lib/shared-api/request-photo-button'
import { useNames } from '../../../lib/names'
import { JobSection } from './job-section'

/**
 * What the customer asked for: who, their phone (tap to call), where, how much of a material (a materials
 * order, decision 069), when, and the description.
 */
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
          {request.address ? (
            <>
              <dt>{t('request.address')}</dt>
              <dd data-testid="job-request-address">
                {[request.address, request.landmark].filter(Boolean).join(', ')}{' '}
                <a
                  href={mapsLink({ location: request.location, address: request.address, town: request.town })}
                  target="_blank"
                  rel="noopener noreferrer"
                >
                  {t('request.maps')}
                </a>
              </dd>
            </>
          ) : null}
          {request.order ? (
            <>
              <dt>{t('request.order')}</dt>
              <dd data-testid="job-request-order">
                <OrderText order={request.order}>{(order) => t('request.orderValue', { order })}</OrderText>
              </dd>
            </>
          ) : null}
          <dt>{t('request.date')}</dt>
          <dd>
            {formatDate(request.service_date, i18n.language, 'full')}
            {request.time_window ? ` · ${t(`request.window.${request.time_window}`)}` : ''}
          </dd>
          {request.description || request.problems.length > 0 ? (
            <>
              <dt>{t('request.problem')}</dt>
              <dd data-testid="job-request-problem">
                {[...request.problems.map((c) => t(`request.chips.${c}` as 'request.chips.leak')), request.description]
                  .filter(Boolean)
                  .join(' · ')}
              </dd>
            </>
          ) : null}
          {request.has_photo ? (
            <>
              <dt>{t('request.photo')}</dt>
              <dd>
                <RequestPhotoButton
                  requestId={request.id}
                  label={t('request.showPhoto')}
                  alt={t('request.photoAlt', { reference: request.reference })}
                />
              </dd>
            </>
          ) : null}
          {request.preferred_worker ? (
            <>
              <dt>{t('request.preferred')}</dt>
              <dd>{request.preferred_worker.name}</dd>
            </>
          ) : null}
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
