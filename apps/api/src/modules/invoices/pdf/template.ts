import { formatInstantDate, requestReference, type Invoice, type Language } from '@townworks/contract'
import { DOCUMENT_FONT_FAMILY, documentFontFaces } from './fonts'
import { bilingual, PDF_LABELS, type PdfLabels } from './labels'

/** Text made safe for HTML: everything a document prints came from a person at some point. */
export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`)
}

const rupeeFormat = new Intl.NumberFormat('en-IN', { minimumFractionDigits: 2, maximumFractionDigits: 2 })

/** ₹4,550.00: Indian grouping, always two decimals, Latin digits in every language (a legal document). */
export function documentAmount(paise: number): string {
  const sign = paise < 0 ? '−' : ''
  return `${sign}₹${rupeeFormat.format(Math.abs(paise) / 100)}`
}

/** 18 % from 1800 bps; 2.5 % from 250. */
function ratePercent(bps: number): string {
  return `${(bps / 100).toLocaleString('en-IN', { maximumFractionDigits: 2 })}%`
}

export function quantity(q: number): string {
  return q.toLocaleString('en-IN', { maximumFractionDigits: 3 })
}

/** Words in the document's language with the English beside them, or English alone (local null). */
export function pairHtml(local: string | null, en: string): string {
  return local
    ? `<span class="local">${escapeHtml(local)}</span> <span class="en">${escapeHtml(en)}</span>`
    : escapeHtml(en)
}

/** A label in the document's language with the English beside it (or English alone). */
function label(language: Language, pick: (l: PdfLabels) => string): string {
  const { local, en } = bilingual(language, pick)
  return pairHtml(local, en)
}

/** A line's unit (its English word, as documents store it) in the document's language, English beside it. */
export function unitOf(language: Language, unit: string): string {
  const local = language === 'en' ? undefined : PDF_LABELS[language].units[unit]
  return local ? `${escapeHtml(local)} <span class="en">${escapeHtml(unit)}</span>` : escapeHtml(unit)
}

function lines(...parts: (string | null | undefined)[]): string {
  return parts
    .filter((p): p is string => !!p && p.trim() !== '')
    .map((p) => `<div>${escapeHtml(p)}</div>`)
    .join('')
}

/** The look every printed document shares (A4; the invoice's and the quote's header, parties, items and totals). */
export const DOCUMENT_STYLE = `@page { size: A4; margin: 14mm 14mm 16mm; }
* { box-sizing: border-box; }
body { margin: 0; font-family: '${DOCUMENT_FONT_FAMILY}', sans-serif; font-size: 9.5pt; line-height: 1.45; color: #1a1b1e; }
.en { color: #555; }
.local + .en::before { content: '· '; }
header { display: flex; justify-content: space-between; align-items: flex-start; border-bottom: 2px solid #0b7285; padding-bottom: 8px; }
.brand { font-size: 16pt; font-weight: 700; color: #0b7285; }
h1 { margin: 0; font-size: 15pt; text-align: right; }
h1 .en { font-size: 11pt; font-weight: 400; }
.meta { text-align: right; margin-top: 4px; }
.meta b { font-weight: 700; }
.parties { display: grid; grid-template-columns: 1fr 1fr; gap: 16px; margin: 12px 0; }
.party h2 { margin: 0 0 2px; font-size: 8.5pt; text-transform: none; color: #0b7285; font-weight: 700; }
.party .name { font-weight: 700; }
.facts { display: grid; grid-template-columns: auto 1fr; gap: 0 10px; margin-bottom: 10px; }
.facts dt { color: #333; } .facts dd { margin: 0; font-weight: 700; }
table.items { width: 100%; border-collapse: collapse; }
table.items th { background: #e3fafc; text-align: left; font-weight: 700; font-size: 8.5pt; padding: 5px 4px; border-bottom: 1px solid #99e9f2; vertical-align: bottom; }
table.items th .en { display: block; font-weight: 400; }
table.items th .local + .en::before { content: ''; }
table.items td { padding: 5px 4px; border-bottom: 1px solid #dee2e6; vertical-align: top; }
.r { text-align: right; white-space: nowrap; } .n { width: 18px; }
table.totals { margin: 8px 0 0 auto; border-collapse: collapse; min-width: 45%; }
table.totals th { text-align: left; font-weight: 400; padding: 3px 8px 3px 0; }
table.totals td { text-align: right; padding: 3px 0; white-space: nowrap; }
table.totals tr.grand th, table.totals tr.grand td { font-weight: 700; font-size: 11pt; border-top: 1.5px solid #1a1b1e; padding-top: 6px; }
.words { margin-top: 10px; } .words b { font-weight: 700; }
footer { margin-top: 28px; display: flex; justify-content: space-between; align-items: flex-end; color: #555; font-size: 8.5pt; }
.sign { text-align: right; color: #1a1b1e; }
.sign .line { margin-top: 30px; border-top: 1px solid #868e96; padding-top: 2px; }`

/**
 * The HTML a document is printed from (decision 062): A4, every field of decision 060's snapshot,
 * nothing computed again. A tax invoice has the columns rule 46 asks for (SAC/HSN, taxable value,
 * the rate and amount of each tax); a receipt has a description and an amount. A credit note names
 * the document it corrects.
 */
export function invoiceHtml(invoice: Invoice, language: Language): string {
  const L = (pick: (l: PdfLabels) => string) => label(language, pick)
  const taxed = invoice.kind === 'tax_invoice' || (invoice.kind === 'credit_note' && invoice.supplier.gstin !== null)
  const intra = invoice.igst_paise === 0
  const issued = formatInstantDate(invoice.issued_at, 'en')
  const taxHeads = intra
    ? [
        { name: L((l) => l.cgst), key: 'cgst_paise' as const },
        { name: L((l) => l.sgst), key: 'sgst_paise' as const },
      ]
    : [{ name: L((l) => l.igst), key: 'igst_paise' as const }]
  const head = taxed
    ? `<tr><th class="n">#</th><th>${L((l) => l.description)}</th><th>${L((l) => l.hsnSac)}</th><th class="r">${L((l) => l.quantity)}</th>` +
      `<th class="r">${L((l) => l.taxableValue)}</th><th class="r">${L((l) => l.rate)}</th>` +
      taxHeads.map((h) => `<th class="r">${h.name}</th>`).join('') +
      `<th class="r">${L((l) => l.total)}</th></tr>`
    : `<tr><th class="n">#</th><th>${L((l) => l.description)}</th><th class="r">${L((l) => l.quantity)}</th><th class="r">${L((l) => l.amount)}</th></tr>`
  const rows = invoice.lines
    .map((line) =>
      taxed
        ? `<tr><td class="n">${line.position}</td><td>${escapeHtml(line.description)}</td><td>${escapeHtml(line.hsn_sac ?? '')}</td>` +
          `<td class="r">${quantity(line.quantity)} ${unitOf(language, line.unit)}</td><td class="r">${documentAmount(line.taxable_paise)}</td>` +
          `<td class="r">${ratePercent(line.tax_rate_bps)}</td>` +
          taxHeads.map((h) => `<td class="r">${documentAmount(line[h.key])}</td>`).join('') +
          `<td class="r">${documentAmount(line.total_paise)}</td></tr>`
        : `<tr><td class="n">${line.position}</td><td>${escapeHtml(line.description)}</td>` +
          `<td class="r">${quantity(line.quantity)} ${unitOf(language, line.unit)}</td><td class="r">${documentAmount(line.total_paise)}</td></tr>`,
    )
    .join('')
  const totals = taxed
    ? `<tr><th>${L((l) => l.taxableValue)}</th><td>${documentAmount(invoice.taxable_paise)}</td></tr>` +
      taxHeads.map((h) => `<tr><th>${h.name}</th><td>${documentAmount(invoice[h.key])}</td></tr>`).join('')
    : ''
  const grand = invoice.kind === 'credit_note' ? L((l) => l.credited) : taxed ? L((l) => l.total) : L((l) => l.received)
  const supplierState = `${invoice.supplier.state_name} (${invoice.supplier.state_code})`
  return `<!doctype html>
<html lang="${language}"><head><meta charset="utf-8"><title>${escapeHtml(invoice.number)}</title>
<style>
${documentFontFaces()}
${DOCUMENT_STYLE}
</style></head>
<body>
<header>
  <div><div class="brand">${escapeHtml(invoice.supplier.legal_name)}</div></div>
  <div>
    <h1>${label(language, (l) => l.kind[invoice.kind])}</h1>
    <div class="meta">${L((l) => l.number)}: <b>${escapeHtml(invoice.number)}</b></div>
    <div class="meta">${L((l) => l.date)}: <b>${escapeHtml(issued)}</b></div>
  </div>
</header>
<section class="parties">
  <div class="party">
    <h2>${L((l) => l.supplier)}</h2>
    <div class="name">${escapeHtml(invoice.supplier.legal_name)}</div>
    ${lines(invoice.supplier.address)}
    ${invoice.supplier.gstin ? `<div>${L((l) => l.gstin)}: <b>${escapeHtml(invoice.supplier.gstin)}</b></div>` : ''}
    <div>${L((l) => l.state)}: ${escapeHtml(supplierState)}</div>
  </div>
  <div class="party">
    <h2>${L((l) => l.billedTo)}</h2>
    <div class="name">${escapeHtml(invoice.customer.name)}</div>
    ${lines(invoice.customer.address)}
    ${invoice.customer.phone ? `<div>${L((l) => l.phone)}: ${escapeHtml(invoice.customer.phone)}</div>` : ''}
    ${invoice.customer.gstin ? `<div>${L((l) => l.gstin)}: <b>${escapeHtml(invoice.customer.gstin)}</b></div>` : ''}
  </div>
</section>
<dl class="facts">
  <dt>${L((l) => l.financialYear)}</dt><dd>${escapeHtml(invoice.financial_year)}</dd>
  ${invoice.request_id !== null ? `<dt>${L((l) => l.request)}</dt><dd>${requestReference(invoice.request_id)}</dd>` : ''}
  ${taxed ? `<dt>${L((l) => l.placeOfSupply)}</dt><dd>${escapeHtml(`${invoice.place_of_supply.state_name} (${invoice.place_of_supply.state_code})`)}</dd>` : ''}
  ${taxed ? `<dt>${L((l) => l.reverseCharge)}</dt><dd>${L((l) => l.no)}</dd>` : ''}
  ${invoice.corrects ? `<dt>${L((l) => l.against)}</dt><dd>${escapeHtml(invoice.corrects.number)}</dd>` : ''}
</dl>
<table class="items"><thead>${head}</thead><tbody>${rows}</tbody></table>
<table class="totals"><tbody>${totals}<tr class="grand"><th>${grand}</th><td>${documentAmount(invoice.total_paise)}</td></tr></tbody></table>
<div class="words">${L((l) => l.inWords)}: <b>${escapeHtml(invoice.amount_in_words)}</b></div>
<footer>
  <div>${L((l) => l.computerMade)}</div>
  <div class="sign">${escapeHtml(`For ${invoice.supplier.legal_name}`)}<div class="line">${L((l) => l.signatory)}</div></div>
</footer>
</body></html>`
}
