import { Alert, Stack, Text } from '@mantine/core'
import { useTranslation } from 'react-i18next'
import { DataTable } from '../../../components/data-table/data-table'
import { QueryState } from '../../../components/query-state'
import { Link, useSearchParams } from '../../../lib/router'
import { invoicesCsvUrl } from '../api/export-invoices'
import { useInvoicesList } from '../api/list-invoices'
import { invoicesQueryFromParams, isFiltered, paramsWithFilters, type InvoiceFilterDraft } from '../model/invoice-query'
import { invoiceColumns } from './invoice-columns'
import { InvoiceFilters } from './invoice-filters'
import './invoices.css'

/**
 * Receipts and invoices (/invoices, issue 22): every document the payments issued, newest first,
 * filtered by kind, days of issue and a search (all in the address), paged by the server; each row
 * opens its task and saves its PDF, and the accountant's CSV takes the kind and days.
 */
export function InvoicesScreen() {
  const { t, i18n } = useTranslation('invoices')
  const [params, setParams] = useSearchParams()
  const { query, ignored } = invoicesQueryFromParams(params)
  const list = useInvoicesList(query)
  const renewSession = () => list.refetch()

  const goToPage = (page: number) => {
    const next = new URLSearchParams(params)
    if (page > 1) next.set('page', String(page))
    else next.delete('page')
    setParams(next)
  }
  const clear = () => {
    const next = new URLSearchParams(params)
    for (const key of ['kind', 'from', 'to', 'q', 'page']) next.delete(key)
    setParams(next)
  }

  return (
    <Stack gap="md" className="invoices-scope">
      <InvoiceFilters
        params={params}
        onApply={(draft: InvoiceFilterDraft) => setParams(paramsWithFilters(params, draft))}
        onClear={clear}
      />
      {ignored ? (
        <Alert color="yellow" variant="light">
          {t('filters.ignored')}
        </Alert>
      ) : null}
      <QueryState
        query={list}
        loading={t('loading')}
        errorTitle={t('failed')}
        isEmpty={(data) => data.total === 0 && data.invoices.length === 0}
        empty={
          isFiltered(query) ? (
            t('emptyFiltered')
          ) : (
            <>
              {t('empty')} <Link to="/payouts">{t('emptyLink')}</Link>
            </>
          )
        }
      >
        {(data) => (
          <>
            <Text role="status" aria-live="polite">
              {t('total', { count: data.total })}
            </Text>
            <DataTable
              columns={invoiceColumns(t, i18n.language, renewSession)}
              rows={data.invoices}
              rowKey={(r) => r.id}
              rowProps={(r) => ({ 'data-invoice-id': r.id })}
              label={t('tableLabel')}
              minWidth={1040}
              busy={list.isFetching}
              exportFile={{
                href: invoicesCsvUrl(query),
                fileName: 'invoices.csv',
                label: t('exportCsv'),
                beforeDownload: renewSession,
              }}
              toolbar={query.q ? <Text size="sm">{t('exportHint')}</Text> : null}
              paging={{
                page: data.page,
                pages: Math.max(1, Math.ceil(data.total / data.pageSize)),
                onPage: goToPage,
              }}
            />
          </>
        )}
      </QueryState>
    </Stack>
  )
}
