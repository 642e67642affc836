import type { MyRequest, Quote, QuoteLine } from '@townworks/contract'
import { useEffect, useId, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { formatDate, formatInstantDate, formatMoney, formatTime } from '../../../lib/format'
import { Link } from '../../../lib/router'
import { AcceptQuoteDialog, DeclineQuoteDialog, type QuoteDecision } from './quote-dialogs'
import { quantityText } from '../../../lib/quantity-text'
import { quotePdfUrl } from '../quote-pdf'
import './quote-panel.css'

/** What the panel says after the customer's decision, or after a refusal (a newer version, expired…). */
interface Notice {
  text: string
  /** Declined: the request is closed, and the customer may ask again. */
  askAgain?: boolean
}

/**
 * A request's quote on the customer's My requests card (issue 22, decision 061): a waiting quote in
 * full, with Accept and Decline (each confirmed in a dialog); an accepted or declined one as a line;
 * an expired one says so. The card loads this module (and the quotes namespace) only for a request
 * that has a quote (decision 046: /my/requests within 130 kB).
 */
export function QuotePanel({ request }: { request: MyRequest }) {
  const { t } = useTranslation('quotes')
  const quote = request.quote
  const [deciding, setDeciding] = useState<QuoteDecision | null>(null)
  // The reason typed in the decline form: kept when sending fails or the dialog is closed, until a decline succeeds.
  const [reason, setReason] = useState('')
  const [notice, setNotice] = useState<Notice | null>(null)
  const noticeRef = useRef<HTMLParagraphElement>(null)
  useEffect(() => {
    // The buttons that opened the dialog are gone: the reader goes on from what happened.
    if (notice) noticeRef.current?.focus()
  }, [notice])

  const done = (next: Notice) => {
    setDeciding(null)
    setNotice(next)
  }

  return (
    <div className="quote-panel">
      <div role="status" className="quote-panel__live">
        {notice ? (
          <p ref={noticeRef} tabIndex={-1} className="quote-panel__notice">
            {notice.text}
            {notice.askAgain ? (
              <>
                {' '}
                <Link to="/imdDisplay" className="requests-link">
                  {t('customer.newRequest')}
                </Link>
              </>
            ) : null}
          </p>
        ) : null}
      </div>
      {quote ? <QuoteState request={request} quote={quote} onDecide={setDeciding} /> : null}
      {deciding?.kind === 'accept' ? (
        <AcceptQuoteDialog quote={deciding.quote} onDone={done} onCancel={() => setDeciding(null)} />
      ) : null}
      {deciding?.kind === 'decline' ? (
        <DeclineQuoteDialog
          quote={deciding.quote}
          reason={reason}
          onReason={setReason}
          onDone={(next, declined) => {
            if (declined) setReason('')
            done(next)
          }}
          onCancel={() => setDeciding(null)}
        />
      ) : null}
    </div>
  )
}

function QuoteState({
  request,
  quote,
  onDecide,
}: {
  request: MyRequest
  quote: Quote
  onDecide: (decision: QuoteDecision) => void
}) {
  const { t, i18n } = useTranslation('quotes')
  const lng = i18n.language
  if (quote.can_decide) return <WaitingQuote quote={quote} onDecide={onDecide} />
  if (quote.status === 'accepted') {
    return (
      <section className="quote-panel__compact" aria-label={t('customer.heading')}>
        <p>
          <span aria-hidden="true">✓ </span>
          {t('customer.accepted', {
            version: quote.version,
            date: quote.decided_at ? formatInstantDate(quote.decided_at, lng) : '',
            total: formatMoney(quote.total_paise, lng),
          })}
        </p>
        <details className="quote-panel__more">
          <summary>{t('customer.showLines')}</summary>
          <QuoteLines quote={quote} />
        </details>
        <QuotePdfLink quote={quote} />
      </section>
    )
  }
  if (quote.status === 'declined') {
    return (
      <section className="quote-panel__compact" aria-label={t('customer.heading')}>
        <p>
          {t('customer.declined', {
            version: quote.version,
            date: quote.decided_at ? formatInstantDate(quote.decided_at, lng) : '',
          })}
        </p>
        {quote.decline_reason ? (
          <p className="quote-panel__reason">{t('customer.declinedReason', { reason: quote.decline_reason })}</p>
        ) : null}
      </section>
    )
  }
  // Waiting but past its last day, the request still open: the office may send a new version. (A request
  // the office scheduled or closed without the quote shows nothing of it.)
  if (quote.status === 'sent' && quote.expired && request.state === 'open') {
    return (
      <section className="quote-panel__compact" aria-label={t('customer.heading')}>
        <p>{t('customer.expired', { version: quote.version, date: formatDate(quote.valid_until, lng) })}</p>
      </section>
    )
  }
  return null
}

/** A quote waiting for the customer: every line, the total, until when, the office's note and slot, and the two buttons. */
function WaitingQuote({ quote, onDecide }: { quote: Quote; onDecide: (decision: QuoteDecision) => void }) {
  const { t, i18n } = useTranslation('quotes')
  const lng = i18n.language
  const headingId = useId()
  const total = formatMoney(quote.total_paise, lng)
  return (
    <section className="quote-panel__waiting" aria-labelledby={headingId}>
      <h3 id={headingId} className="quote-panel__heading">
        {t('customer.heading')}
      </h3>
      <p>
        <strong>{t('customer.version', { version: quote.version })}</strong>
        {quote.version > 1 ? <> · {t('customer.replaces')}</> : null}
      </p>
      <p className="quote-panel__small">{t('customer.intro')}</p>
      <QuoteLines quote={quote} />
      <p className="quote-panel__small">{t('customer.validUntil', { date: formatDate(quote.valid_until, lng) })}</p>
      <QuotePdfLink quote={quote} />
      {quote.slot || quote.note ? (
        <dl className="quote-panel__facts">
          {quote.slot ? (
            <>
              <dt>{t('customer.slot')}</dt>
              <dd>
                {t('customer.slotText', {
                  worker: quote.slot.worker_name,
                  date: formatDate(quote.slot.date, lng),
                  start: formatTime(quote.slot.start_time),
                  end: formatTime(quote.slot.end_time),
                })}
              </dd>
            </>
          ) : null}
          {quote.note ? (
            <>
              <dt>{t('customer.note')}</dt>
              <dd className="quote-panel__note">{quote.note}</dd>
            </>
          ) : null}
        </dl>
      ) : null}
      <div className="quote-panel__actions" role="group" aria-label={t('customer.actions')}>
        <button type="button" className="button button--primary" onClick={() => onDecide({ kind: 'accept', quote })}>
          {t('customer.accept', { total })}
        </button>
        <button
          type="button"
          className="button quote-panel__decline"
          onClick={() => onDecide({ kind: 'decline', quote })}
        >
          {t('customer.decline')}
        </button>
      </div>
    </section>
  )
}

/** The quote as a PDF in the reader's language, to keep or show someone (the browser saves the file). */
function QuotePdfLink({ quote }: { quote: Quote }) {
  const { t, i18n } = useTranslation('quotes')
  return (
    <p className="quote-panel__small">
      <a href={quotePdfUrl(quote.id, i18n.language)} download>
        {t('customer.pdf', { version: quote.version })}
      </a>
    </p>
  )
}

/** The quote's lines (each its quantity in the reader's words, unit price and total), visit charge and total. */
function QuoteLines({ quote }: { quote: Quote }) {
  const { t, i18n } = useTranslation('quotes')
  const lng = i18n.language
  return (
    <table className="quote-panel__lines">
      <caption className="visually-hidden">{t('customer.lines', { version: quote.version })}</caption>
      <tbody>
        {quote.lines.map((line) => (
          <tr key={line.position}>
            <th scope="row">
              <span className="quote-panel__description">{line.description}</span>
              <span className="quote-panel__detail">{lineDetail(line, t, lng)}</span>
            </th>
            <td>{formatMoney(line.total_paise, lng)}</td>
          </tr>
        ))}
        {quote.visit_charge_paise > 0 ? (
          <tr>
            <th scope="row">
              <span className="quote-panel__description">{t('customer.visitCharge')}</span>
            </th>
            <td>{formatMoney(quote.visit_charge_paise, lng)}</td>
          </tr>
        ) : null}
      </tbody>
      <tfoot>
        <tr>
          <th scope="row">{t('customer.total')}</th>
          <td>
            <strong>{formatMoney(quote.total_paise, lng)}</strong>
          </td>
        </tr>
      </tfoot>
    </table>
  )
}

/** "2 ట్రాక్టర్ లోడ్లు × ₹3,500": the quantity in its unit, plural-aware, at the unit price. */
function lineDetail(line: QuoteLine, t: ReturnType<typeof useTranslation<'quotes'>>['t'], lng: string): string {
  return t('customer.lineAmount', {
    quantity: quantityText(t, line.quantity, line.unit, lng),
    price: formatMoney(line.unit_price_paise, lng),
  })
}
