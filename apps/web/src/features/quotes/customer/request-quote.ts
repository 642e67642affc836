import { lazy } from 'react'
import { i18n } from '../../../lib/i18n'
import { loadWithTimeout } from '../../../lib/lazy-with-timeout'

/**
 * A request's quote on My requests (quote-panel.tsx), with the quotes namespace: fetched only for a
 * request that has a quote, after the cards have painted (decision 046: /my/requests within 130 kB),
 * as the card's trust parts and the Pay area are. The route hands it to the card (renderQuote).
 */
export const RequestQuote = lazy(() =>
  loadWithTimeout(() =>
    Promise.all([import('./quote-panel'), i18n.loadNamespaces('quotes').catch(() => undefined)]),
  ).then(([m]) => ({ default: m.QuotePanel })),
)
