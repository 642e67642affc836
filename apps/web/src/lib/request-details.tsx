import type { RequestDetails } from '@townworks/contract'
import type { TFunction } from 'i18next'
import { lazy, Suspense } from 'react'
import { useTranslation } from 'react-i18next'
import { loadWithTimeout } from './lazy-with-timeout'
import './request-details.css'

// The thumbnail's code comes with the photo it shows, after the list has painted (decision 047); should
// it not arrive, no thumbnail shows, as when the photo itself cannot be fetched.
const RequestPhotoThumbnail = lazy(() =>
  loadWithTimeout(() => import('./shared-api/request-photo')).then(
    (m) => ({ default: m.RequestPhotoThumbnail }),
    () => ({ default: () => null }),
  ),
)

/** What a request says besides service, town and day: the fields the request form asks for (decision 027). */
export interface RequestDetailsOf extends RequestDetails {
  id: number
  reference: string
  town: string
  preferred_worker?: { name: string } | null
}

/** "Leak · Tap fitting · The kitchen tap drips": the chips in the reader's language, then the person's words. */
export function problemText(
  t: TFunction<'requestDetails'>,
  r: Pick<RequestDetails, 'problems' | 'description'>,
): string {
  return [...r.problems.map((c) => t(`chips.${c}` as 'chips.leak')), r.description].filter(Boolean).join(' · ')
}

export interface RequestDetailsListProps {
  request: RequestDetailsOf
  /**
   * An "Open in Maps" link by the address (lib/maps.ts's mapsLink): for the office and the worker (the
   * customer knows the way, and their screen does not load the maps code: decision 047).
   */
  mapsHref?: string | undefined
}

/**
 * What the customer asked for, compactly: address and landmark (with Maps), the problem, the time
 * of day, the worker asked for, and the photo as a thumbnail. Shared by Create Schedule (assignments)
 * and My requests (requests). The words are the requestDetails namespace's (decision 047): My requests
 * loads it with the screen; Create Schedule fetches it here, after the screen paints (its route's size
 * limit, decision 034), and shows the list once it has come.
 */
export function RequestDetailsList(props: RequestDetailsListProps) {
  return (
    <Suspense fallback={null}>
      <DetailsList {...props} />
    </Suspense>
  )
}

function DetailsList({ request: r, mapsHref: maps }: RequestDetailsListProps) {
  const { t } = useTranslation('requestDetails')
  const problem = problemText(t, r)
  if (!r.address && !problem && !r.time_window && !r.preferred_worker && !r.has_photo) return null
  return (
    <dl className="request-details" data-testid="request-details">
      {r.address ? (
        <>
          <dt>{t('address')}</dt>
          <dd>
            {[r.address, r.landmark].filter(Boolean).join(', ')}
            {maps ? (
              <>
                {' · '}
                <a href={maps} target="_blank" rel="noopener noreferrer">
                  {t('maps')}
                </a>
              </>
            ) : null}
          </dd>
        </>
      ) : null}
      {problem ? (
        <>
          <dt>{t('problem')}</dt>
          <dd>{problem}</dd>
        </>
      ) : null}
      {r.time_window ? (
        <>
          <dt>{t('when')}</dt>
          <dd>{t(`window.${r.time_window}`)}</dd>
        </>
      ) : null}
      {r.preferred_worker ? (
        <>
          <dt>{t('preferred')}</dt>
          <dd translate="no">{r.preferred_worker.name}</dd>
        </>
      ) : null}
      {r.has_photo ? (
        <>
          <dt>{t('photo')}</dt>
          <dd>
            <Suspense fallback={null}>
              <RequestPhotoThumbnail requestId={r.id} alt={t('photoAlt', { reference: r.reference })} />
            </Suspense>
          </dd>
        </>
      ) : null}
    </dl>
  )
}
