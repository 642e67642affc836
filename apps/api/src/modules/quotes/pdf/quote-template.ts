import { formatDate, formatInstantDate, type Language, type Quote, QUOTE_UNIT_WORDS_EN } from '@townworks/contract'
import {
  DOCUMENT_STYLE,
  documentAmount,
  documentFontFaces,
  documentQuantity,
  escapeHtml,
  pairHtml,
  unitOf,
} from '../../invoices/invoices.service'
import { quoteLabel, type QuoteLabels } from './quote-labels'

/** Who the quote is for and from, as the document prints them. */
export interface QuoteDocumentParties {
  reference: string
  customer: { name: string; phone: string | null; service: string; town: string; serviceDate: string }
  supplier: { legalName: string; address: string | null; gstin: string | null }
}

/**
 * The HTML a quote is printed from (issue 22): the look of the receipts and invoices (decision 062),
 * the version, its last day, each line as the customer accepts it (quantity in its unit, unit price,
 * amount), the visit charge, the total, the note and the proposed visit. Every value escaped.
 */
export function quoteHtml(quote: Quote, parties: QuoteDocumentParties, language: Language): string {
  const L = (key: keyof QuoteLabels) => {
    const { local, en } = quoteLabel(language, key)
    return pairHtml(local, en)
  }
  const rows = quote.lines
    .map(
      (line) =>
        `<tr><td class="n">${line.position}</td><td>${escapeHtml(line.service ? `${line.description} (${line.service})` : line.description)}</td>` +
        `<td class="r">${documentQuantity(line.quantity)} ${unitOf(language, QUOTE_UNIT_WORDS_EN[line.unit][0])}</td>` +
        `<td class="r">${documentAmount(line.unit_price_paise)}</td><td class="r">${documentAmount(line.total_paise)}</td></tr>`,
    )
    .join('')
  const visit =
    quote.visit_charge_paise > 0
      ? `<tr><th>${L('visitCharge')}</th><td>${documentAmount(quote.visit_charge_paise)}</td></tr>`
      : ''
  const { customer, supplier } = parties
  const slot = quote.slot
    ? `<dt>${L('slot')}</dt><dd>${escapeHtml(`${quote.slot.worker_name}, ${formatDate(quote.slot.date, 'en')}, ${quote.slot.start_time.slice(0, 5)}–${quote.slot.end_time.slice(0, 5)}`)}</dd>`
    : ''
  return `<!doctype html>
<html lang="${language}"><head><meta charset="utf-8"><title>${escapeHtml(`${parties.reference} v${quote.version}`)}</title>
<style>
${documentFontFaces()}
${DOCUMENT_STYLE}
.note { margin-top: 12px; white-space: pre-wrap; }
</style></head>
<body>
<header>
  <div><div class="brand">${escapeHtml(supplier.legalName)}</div></div>
  <div>
    <h1>${L('title')}</h1>
    <div class="meta">${L('reference')}: <b>${escapeHtml(parties.reference)}</b> · ${L('version')}: <b>${quote.version}</b></div>
    <div class="meta">${L('made')}: <b>${escapeHtml(formatInstantDate(quote.created_at, 'en'))}</b></div>
    <div class="meta">${L('validUntil')}: <b>${escapeHtml(formatDate(quote.valid_until, 'en'))}</b></div>
  </div>
</header>
<section class="parties">
  <div class="party">
    <h2>${L('from')}</h2>
    <div class="name">${escapeHtml(supplier.legalName)}</div>
    ${supplier.address ? `<div>${escapeHtml(supplier.address)}</div>` : ''}
    ${supplier.gstin ? `<div>GSTIN: <b>${escapeHtml(supplier.gstin)}</b></div>` : ''}
  </div>
  <div class="party">
    <h2>${L('for')}</h2>
    <div class="name">${escapeHtml(customer.name)}</div>
    ${customer.phone ? `<div>${L('phone')}: ${escapeHtml(customer.phone)}</div>` : ''}
  </div>
</section>
<dl class="facts">
  <dt>${L('service')}</dt><dd>${escapeHtml(customer.service)}</dd>
  <dt>${L('town')}</dt><dd>${escapeHtml(customer.town)}</dd>
  <dt>${L('serviceDate')}</dt><dd>${escapeHtml(formatDate(customer.serviceDate, 'en'))}</dd>
  ${slot}
</dl>
<table class="items"><thead><tr><th class="n">#</th><th>${L('description')}</th><th class="r">${L('quantity')}</th><th class="r">${L('unitPrice')}</th><th class="r">${L('amount')}</th></tr></thead><tbody>${rows}</tbody></table>
<table class="totals"><tbody>${visit}<tr class="grand"><th>${L('total')}</th><td>${documentAmount(quote.total_paise)}</td></tr></tbody></table>
${quote.note ? `<div class="note"><b>${L('note')}:</b> ${escapeHtml(quote.note)}</div>` : ''}
<footer>
  <div><div>${L('notABill')}</div><div>${L('howToAccept')}</div></div>
</footer>
</body></html>`
}
