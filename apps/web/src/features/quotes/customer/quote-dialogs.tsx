import type { Quote, QuoteRefusal } from '@townworks/contract'
import { useEffect, useId, useRef, useState, type ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { isApiError } from '../../../lib/api-client'
import { describeApiError } from '../../../lib/api-error-text'
import { formatDate, formatMoney, formatTime } from '../../../lib/format'
import { useAcceptQuote } from './api/accept-quote'
import { useDeclineQuote } from './api/decline-quote'

/** The decision the customer is asked to confirm, with the version they saw. */
export interface QuoteDecision {
  kind: 'accept' | 'decline'
  quote: Quote
}

/** What the panel says when a dialog is done: the outcome, or a refusal that changed the card. */
interface Done {
  text: string
  askAgain?: boolean
}

/** The refusals (409, `details.reason`) that mean the quote is not what the customer saw: the card is read again. */
const REFUSALS = ['already_accepted', 'already_declined', 'superseded', 'expired', 'request_not_open'] as const
type CustomerRefusal = Extract<QuoteRefusal, (typeof REFUSALS)[number]>

function refusalOf(error: unknown): CustomerRefusal | null {
  if (!isApiError(error, 409)) return null
  const reason = error.details.reason
  return (REFUSALS as readonly unknown[]).includes(reason) ? (reason as CustomerRefusal) : null
}

/**
 * A failed decision: a refusal that changed the quote (a newer version, expired, decided already, the
 * request no longer open) closes the dialog with its words, and the card shows the quote as it now is
 * (the mutation read My requests again); anything else stays in the dialog, in the app's shared words.
 */
function useFailure(onDone: (done: Done) => void) {
  const { t } = useTranslation('quotes')
  const [failure, setFailure] = useState<string | null>(null)
  const fail = (error: unknown) => {
    const refusal = refusalOf(error)
    if (refusal) {
      onDone({ text: t(`customer.refused.${refusal}`) })
      return
    }
    setFailure(
      describeApiError(error, {
        network: t('customer.failed.network'),
        rest: (message) => t('customer.failed.other', { message }),
      }),
    )
  }
  return { failure, fail, clear: () => setFailure(null) }
}

/**
 * A native modal <dialog> (focus kept inside, Escape closes, the page behind inert; no UI library, as
 * the board's move dialog and the job drawer) around a form: its question, a failure said in it, the
 * decision and Go back. Shown when mounted; `onClose` when it closes.
 */
function QuoteDialog({
  title,
  submit,
  submitClass,
  busy,
  failure,
  onSubmit,
  onClose,
  children,
}: {
  title: string
  /** The decision's button, its words while it is being sent, and the way back's. */
  submit: { label: string; sending: string; back: string }
  submitClass: string
  busy: boolean
  failure: string | null
  onSubmit: () => void
  onClose: () => void
  children: ReactNode
}) {
  const ref = useRef<HTMLDialogElement>(null)
  const titleId = useId()
  useEffect(() => {
    const dialog = ref.current
    if (!dialog || dialog.open) return
    if (typeof dialog.showModal === 'function') dialog.showModal()
    else dialog.setAttribute('open', '') // a browser (or jsdom) without modal dialogs: shown in place
  }, [])
  const back = () => {
    const dialog = ref.current
    if (dialog && typeof dialog.close === 'function' && dialog.open) dialog.close()
    else onClose()
  }
  return (
    <dialog ref={ref} className="quote-dialog" aria-labelledby={titleId} onClose={onClose}>
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault()
          if (!busy) onSubmit()
        }}
      >
        <h2 id={titleId} className="quote-dialog__title">
          {title}
        </h2>
        {children}
        {failure ? (
          <p role="alert" className="quote-dialog__failure">
            {failure}
          </p>
        ) : null}
        <div className="quote-dialog__actions">
          <button type="submit" className={submitClass} aria-busy={busy} disabled={busy}>
            {busy ? submit.sending : submit.label}
          </button>
          <button type="button" className="button" disabled={busy} onClick={back}>
            {submit.back}
          </button>
        </div>
      </form>
    </dialog>
  )
}

/** "Accept quote 2?": what the customer agrees to pay and what happens next; then what did happen. */
export function AcceptQuoteDialog({
  quote,
  onDone,
  onCancel,
}: {
  quote: Quote
  onDone: (done: Done) => void
  onCancel: () => void
}) {
  const { t, i18n } = useTranslation('quotes')
  const lng = i18n.language
  const accept = useAcceptQuote()
  const { failure, fail, clear } = useFailure(onDone)
  const version = quote.version
  const slotWords = (slot: NonNullable<Quote['slot']>) => ({
    worker: slot.worker_name,
    date: formatDate(slot.date, lng),
    start: formatTime(slot.start_time),
    end: formatTime(slot.end_time),
  })

  const confirm = async () => {
    clear()
    try {
      const answer = await accept.mutateAsync(quote.id)
      const slot = answer.quote.slot
      onDone({
        text:
          answer.scheduled && slot
            ? t('customer.outcome.scheduled', { version, ...slotWords(slot) })
            : answer.slot_unavailable
              ? t('customer.outcome.slotTaken', { version })
              : t('customer.outcome.toSchedule', { version }),
      })
    } catch (error) {
      fail(error)
    }
  }

  return (
    <QuoteDialog
      title={t('customer.acceptDialog.title', { version })}
      submit={{
        label: t('customer.acceptDialog.yes'),
        sending: t('customer.acceptDialog.sending'),
        back: t('customer.acceptDialog.back'),
      }}
      submitClass="button button--primary"
      busy={accept.isPending}
      failure={failure}
      onSubmit={() => void confirm()}
      onClose={onCancel}
    >
      <p>{t('customer.acceptDialog.body', { total: formatMoney(quote.total_paise, lng) })}</p>
      <p>{quote.slot ? t('customer.acceptDialog.slot', slotWords(quote.slot)) : t('customer.acceptDialog.noSlot')}</p>
    </QuoteDialog>
  )
}

/** The most a reason may be (the contract's DeclineQuoteBodySchema). */
const REASON_MAX = 500

/** "Decline quote 2?" with an optional reason, kept by the panel when sending fails; then the request is closed. */
export function DeclineQuoteDialog({
  quote,
  reason,
  onReason,
  onDone,
  onCancel,
}: {
  quote: Quote
  reason: string
  onReason: (reason: string) => void
  /** `declined`: the quote was declined (the typed reason is spent); false for a refusal. */
  onDone: (done: Done, declined: boolean) => void
  onCancel: () => void
}) {
  const { t } = useTranslation('quotes')
  const decline = useDeclineQuote()
  const { failure, fail, clear } = useFailure((done) => onDone(done, false))
  const reasonId = useId()
  const version = quote.version

  const submit = async () => {
    clear()
    const trimmed = reason.trim()
    try {
      await decline.mutateAsync({ quoteId: quote.id, body: trimmed ? { reason: trimmed } : {} })
      onDone({ text: t('customer.outcome.declined', { version }), askAgain: true }, true)
    } catch (error) {
      fail(error)
    }
  }

  return (
    <QuoteDialog
      title={t('customer.declineDialog.title', { version })}
      submit={{
        label: t('customer.declineDialog.yes'),
        sending: t('customer.declineDialog.sending'),
        back: t('customer.declineDialog.back'),
      }}
      submitClass="button quote-dialog__danger"
      busy={decline.isPending}
      failure={failure}
      onSubmit={() => void submit()}
      onClose={onCancel}
    >
      <p>{t('customer.declineDialog.body')}</p>
      <label htmlFor={reasonId} className="quote-dialog__label">
        {t('customer.declineDialog.reason')}
      </label>
      <p id={`${reasonId}-hint`} className="quote-dialog__hint">
        {t('customer.declineDialog.reasonHint')}
      </p>
      <textarea
        id={reasonId}
        className="quote-dialog__reason"
        aria-describedby={`${reasonId}-hint`}
        rows={3}
        maxLength={REASON_MAX}
        value={reason}
        onChange={(e) => onReason(e.currentTarget.value)}
      />
    </QuoteDialog>
  )
}
