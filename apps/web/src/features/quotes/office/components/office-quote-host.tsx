import type { ServiceRequestDetail } from '@townworks/contract'
import { lazy, Suspense, useState } from 'react'
import { PanelBoundary } from '../../../../components/panel-boundary'
import { i18n } from '../../../../lib/i18n'
import { loadWithTimeout } from '../../../../lib/lazy-with-timeout'

// The quote dialog (its form, lines, versions, react-hook-form and the `quotes` words) is not part of
// the requests screen's first load (/requests stands near its 200 kB limit): it is fetched when a
// pointer, a finger or the keyboard reaches a "Prepare quote" button, at the latest on the press.
const loadQuoteDialog = () => loadWithTimeout(() => import('./quote-dialog'))
const QuoteDialog = lazy(() => loadQuoteDialog().then((m) => ({ default: m.QuoteDialog })))

/** Start fetching the quote dialog's code and words (a pointer, finger or the keyboard reached its button). */
export function warmQuoteDialog(): void {
  void loadQuoteDialog().catch(() => undefined)
  void i18n.loadNamespaces('quotes').catch(() => undefined)
}

export interface OfficeQuoteHostProps {
  /** The request being quoted; null when the dialog is closed. */
  request: ServiceRequestDetail | null
  onClose: () => void
  /** What the screen says while the dialog's code comes ("Opening the quote…"). */
  opening: string
  /** The action's name, for the words shown should its code fail to come. */
  label: string
}

/** Where the office's quote dialog opens over the requests screen, once first asked for. */
export function OfficeQuoteHost({ request, onClose, opening, label }: OfficeQuoteHostProps) {
  // Mounted from the first request on, so that closing it keeps its way out.
  const [asked, setAsked] = useState(false)
  if (request && !asked) setAsked(true)
  if (!asked) return null
  return (
    <PanelBoundary label={label}>
      <Suspense fallback={<p role="status">{opening}</p>}>
        <QuoteDialog request={request} onClose={onClose} />
      </Suspense>
    </PanelBoundary>
  )
}
