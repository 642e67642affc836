import type { RequestDetails } from '@townworks/contract'
import type { TFunction } from 'i18next'
import { Suspense } from 'react'
import { useTranslation } from 'react-i18next'
import { mapsLink } from './maps'
import { RequestPhotoThumbnail } from './shared-api/request-photo'
import './request-details.css'

/** What a request says besides service, town and day: the fields the request form asks for (decision 027). */
export interface RequestDetailsOf extends RequestDetails {
  id: number
  reference: string
  town: string
  preferred_worker?: { name: string } | null
}

/** "Leak · Tap fitting · The kitchen tap drips": the chips in the reader's language, then the person's words. */
export function problemText(t: TFunction<'requests'>, r: Pick<RequestDetails, 'problems' | 'description'>): string {
  return [...r.problems.map((c) => t(`chips.${c}` as 'chips.leak')), r.description].filter(Boolean).join(' · ')
}

export interface RequestDetailsListProps {
  request: RequestDetailsOf
  /** An "Open in Maps" link by the address: for the office and the worker (the customer knows the way). */
  withMaps?: boolean
}

/**
 * What the customer asked for, compactly: address and landmark (with Maps), the problem, the time
 * of day, the worker asked for, and the photo as a thumbnail. Shared by Create Schedule (assignments)
 * and My requests (requests). The words are the requests namespace's: My requests loads it with the
 * screen; Create Schedule fetches it here, after the screen paints (its route's size limit, decision
 * 034), and shows the list once it has come.
 */
export function RequestDetailsList(props: RequestDetailsListProps) {
  return (
    <Suspense fallback={null}>
      <DetailsList {...props} />
    </Suspense>
  )
}

function DetailsList({ request: r, withMaps = false }: RequestDetailsListProps) {
  const { t } = useTranslation('requests')
  const problem = problemText(t, r)
  const maps = withMaps ? mapsLink({ location: r.location, address: r.address, town: r.town }) : undefined
  if (!r.address && !problem && !r.time_window && !r.preferred_worker && !r.has_photo) return null
  return (
    <dl className="request-details" data-testid="request-details">
      {r.address ? (
        <>
          <dt>{t('inboxDetails.address')}</dt>
          <dd>
            {[r.address, r.landmark].filter(Boolean).join(', ')}
            {maps ? (
              <>
                {' · '}
                <a href={maps} target="_blank" rel="noopener noreferrer">
                  {t('inboxDetails.maps')}
                </a>
              </>
            ) : null}
          </dd>
        </>
      ) : null}
      {problem ? (
        <>
          <dt>{t('inboxDetails.problem')}</dt>
          <dd>{problem}</dd>
        </>
      ) : null}
      {r.time_window ? (
        <>
          <dt>{t('inboxDetails.when')}</dt>
          <dd>{t(`form.window.${r.time_window}`)}</dd>
        </>
      ) : null}
      {r.preferred_worker ? (
        <>
          <dt>{t('inboxDetails.preferred')}</dt>
          <dd translate="no">{r.preferred_worker.name}</dd>
        </>
      ) : null}
      {r.has_photo ? (
        <>
          <dt>{t('inboxDetails.photo')}</dt>
          <dd>
            <RequestPhotoThumbnail requestId={r.id} alt={t('inboxDetails.photoAlt', { reference: r.reference })} />
          </dd>
        </>
      ) : null}
    </dl>
  )
}
