import type { InvoiceSummary } from '@townworks/contract'
import { taskReference } from '@townworks/contract/constants'
import type { TFunction } from 'i18next'
import type { DataColumn } from '../../../components/data-table/data-table'
import { JobLink } from '../../../components/job-link'
import { formatInstantDate, formatMoney } from '../../../lib/format'
import { invoiceFileName, invoicePdfUrl } from '../api/invoice-pdf'
import { SavedFileLink } from './saved-file-link'

/** An amount's column: right-aligned, header and cells, so the figures line up by their digits. */
const amountColumn = (id: string, title: string, paise: (r: InvoiceSummary) => number, language: string) => ({
  id,
  header: <span className="invoices-amount__head">{title}</span>,
  headerText: title,
  value: (r: InvoiceSummary) => formatMoney(paise(r), language),
  cellProps: () => ({ className: 'invoices-amount' }),
})

/** A document's kind in words; a credit note also names the document it corrects. */
export function kindText(t: TFunction<'invoices'>, invoice: Pick<InvoiceSummary, 'kind' | 'corrects'>): string {
  const kind = t(`kinds.${invoice.kind}`)
  return invoice.corrects ? `${kind} · ${t('corrects', { number: invoice.corrects.number })}` : kind
}

/** The task a document is for, as the office names it: its request's TW-000123, else #45. */
export const taskOf = (invoice: Pick<InvoiceSummary, 'task_id' | 'request_id'>): string =>
  taskReference({ id: invoice.task_id, requestId: invoice.request_id })

/**
 * The list's columns: number, kind, day of issue, customer, task, the amounts as issued (a credit
 * note's are positive, as printed: its kind says they are credited) and the PDF (in English, the
 * office's copy). `beforeDownload` renews an expired session before a file is fetched.
 */
export function invoiceColumns(
  t: TFunction<'invoices'>,
  language: string,
  beforeDownload: () => Promise<unknown>,
): DataColumn<InvoiceSummary>[] {
  return [
    {
      id: 'number',
      header: t('columns.number'),
      value: (r) => r.number,
      rowHeader: true,
      cell: (r) => (
        <span className="invoices-number" translate="no">
          {r.number}
        </span>
      ),
    },
    {
      id: 'kind',
      header: t('columns.kind'),
      value: (r) => kindText(t, r),
      cell: (r) => (
        <>
          {t(`kinds.${r.kind}`)}
          {r.corrects ? (
            <span className="invoices-corrects">{t('corrects', { number: r.corrects.number })}</span>
          ) : null}
        </>
      ),
    },
    { id: 'issued', header: t('columns.issued'), value: (r) => formatInstantDate(r.issued_at, language) },
    {
      id: 'customer',
      header: t('columns.customer'),
      value: (r) => r.customer_name,
      cell: (r) => <span translate="no">{r.customer_name}</span>,
    },
    {
      id: 'task',
      header: t('columns.task'),
      value: (r) => taskOf(r),
      cell: (r) => (
        <JobLink taskId={r.task_id} label={t('openJobLabel', { reference: taskOf(r) })}>
          {taskOf(r)}
        </JobLink>
      ),
    },
    amountColumn('taxable', t('columns.taxable'), (r) => r.taxable_paise, language),
    amountColumn('tax', t('columns.tax'), (r) => r.tax_paise, language),
    amountColumn('total', t('columns.total'), (r) => r.total_paise, language),
    {
      id: 'document',
      header: t('columns.document'),
      cell: (r) => (
        <SavedFileLink
          href={invoicePdfUrl(r.id, 'en')}
          fileName={invoiceFileName(r.number)}
          label={t('downloadPdfLabel', { number: r.number })}
          beforeDownload={beforeDownload}
        >
          {t('downloadPdf')}
        </SavedFileLink>
      ),
    },
  ]
}
