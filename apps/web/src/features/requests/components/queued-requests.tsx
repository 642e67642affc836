import { useEffect, useRef } from 'react'
import { useTranslation } from 'react-i18next'
import { serverDetail } from '../../../lib/api-error-text'
import { formatDate } from '../../../lib/format'
import { useNames } from '../../../lib/names'
import { VISITOR } from '../../../lib/offline/device-copy'
import { refusalError, useOutbox } from '../../../lib/offline/outbox'
import { useNavigate } from '../../../lib/router'
import { useSession } from '../../../lib/session'
import { writeDraft, emptyForm } from '../model/request-form-draft'
import { REOPEN_PARAM } from '../model/queued-hint'
import {
  dismissQueuedRequest,
  forgetHintWhenEmpty,
  onQueuedRequestSent,
  REQUEST_KIND,
  type QueuedRequestItem,
} from '../model/request-outbox'
import './queued-requests.css'

export interface QueuedRequestsProps {
  /**
   * Open the request form again with what was typed (a refused request): the catalog opens its form;
   * elsewhere the link goes to the catalog, which does.
   */
  onReopen?: ((service: string) => void) | undefined
  /** Told when a waiting request was accepted (My requests reads its list again). */
  onSent?: (() => void) | undefined
}

/**
 * The person's service requests kept on this phone (issue 23), outside the form: waiting to send, sent
 * (with the reference, until the person has seen it) or refused (with why, and the way back to the
 * form with what was typed). Plain elements: shown on home, the catalog and My requests, loaded after
 * their first paint.
 */
export function QueuedRequests({ onReopen, onSent }: QueuedRequestsProps) {
  const { t, i18n } = useTranslation('requests')
  const names = useNames()
  const { user } = useSession()
  const navigate = useNavigate()
  const items = useOutbox(user ?? VISITOR, { kind: REQUEST_KIND }) as QueuedRequestItem[]
  const sent = useRef(onSent)
  useEffect(() => {
    sent.current = onSent
  })
  useEffect(() => onQueuedRequestSent(() => sent.current?.()), [])
  useEffect(() => {
    // Nothing left of anybody's: the screens stop fetching this code.
    if (items.length === 0) void forgetHintWhenEmpty()
  }, [items.length])
  if (items.length === 0) return null

  const reopen = (item: QueuedRequestItem) => {
    // The form opens with what was typed; it shows the refusal and lets it go.
    writeDraft({ ...emptyForm(), ...item.payload.values })
    if (onReopen) onReopen(item.payload.values.service)
    else navigate(`/imdDisplay?${REOPEN_PARAM}=${encodeURIComponent(item.payload.values.service)}`)
  }

  return (
    <ul className="queued-requests" aria-label={t('queued.label')} data-testid="queued-requests">
      {items.map((item) => {
        const v = item.payload.values
        const what = t('queued.what', {
          service: names.service(v.service),
          town: names.town(v.town),
          date: formatDate(v.service_date, i18n.language),
        })
        return (
          <li key={item.id} className="queued-requests__item" data-state={item.state}>
            {item.state === 'sent' ? (
              <>
                <p role="status">
                  <strong>{t('queued.sent')}</strong> {what}{' '}
                  {t('form.done.reference', { reference: item.result?.reference ?? '' })}
                </p>
                <button
                  type="button"
                  className="queued-requests__button"
                  onClick={() => void dismissQueuedRequest(item.id)}
                >
                  {t('queued.ok')}
                </button>
              </>
            ) : item.state === 'refused' ? (
              <>
                <p role="alert">
                  <strong>{t('queued.refusedTitle')}</strong> {what}{' '}
                  {t('queued.refused', { reason: item.refusal ? serverDetail(refusalError(item.refusal)) : '' })}
                </p>
                <button type="button" className="queued-requests__button" onClick={() => reopen(item)}>
                  {t('queued.reopen')}
                </button>
                <button
                  type="button"
                  className="queued-requests__close"
                  aria-label={t('queued.dismiss')}
                  onClick={() => void dismissQueuedRequest(item.id)}
                >
                  ×
                </button>
              </>
            ) : (
              <p>
                <strong>{t('queued.waiting')}</strong> {what} {t('queued.waitingNote')}
              </p>
            )}
          </li>
        )
      })}
    </ul>
  )
}
