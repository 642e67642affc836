import { Title } from '@mantine/core'
import type { Payout } from '@townworks/contract'
import type { TFunction } from 'i18next'
import { useTranslation } from 'react-i18next'
import { DataTable, type DataColumn } from '../../../components/data-table/data-table'
import { ExportCsvButton } from '../../../components/data-table/export-csv-button'
import { QueryState } from '../../../components/query-state'
import { ledgerCsvUrl, payoutsCsvUrl } from '../api/export-money'
import { usePayouts } from '../api/list-payouts'
import { describeApiError } from '../../../lib/api-error-text'
import { formatDateTime, formatMoney } from '../../../lib/format'

/** Recent payouts, newest first: sortable, and downloadable for the accounts. */
export function PayoutHistory() {
  const { t, i18n } = useTranslation('payments')
  const history = usePayouts()
  return (
    <section aria-labelledby="payouts-history-heading">
      <Title order={2} size="h3" id="payouts-history-heading" mb="sm">
        {t('payouts.historyHeading')}
      </Title>
      <QueryState
        query={history}
        loading={t('payouts.loading')}
        describeError={(error) => describeApiError(error, { network: t('payouts.noServer') })}
        isEmpty={(data) => data.payouts.length === 0}
        empty={t('payouts.noHistory')}
      >
        {(data) => (
          <DataTable
            columns={historyColumns(t, i18n.language)}
            rows={data.payouts}
            rowKey={(p) => p.id}
            label={t('payouts.tableRegion', { name: t('payouts.historyHeading') })}
            paramPrefix="history-"
            exportFile={{
              href: payoutsCsvUrl(),
              fileName: 'payouts.csv',
              label: t('payouts.exportCsv'),
              beforeDownload: () => history.refetch(),
            }}
            toolbar={
              <ExportCsvButton
                href={ledgerCsvUrl()}
                fileName="ledger.csv"
                label={t('payouts.exportLedgerCsv')}
                beforeDownload={() => history.refetch()}
              />
            }
          />
        )}
      </QueryState>
    </section>
  )
}

function historyColumns(t: TFunction<'payments'>, lng: string): DataColumn<Payout>[] {
  return [
    {
      id: 'when',
      header: t('payouts.when'),
      value: (p) => formatDateTime(p.created_at, lng),
    },
    { id: 'worker', header: t('payouts.worker'), value: (p) => p.worker_name, sortable: true },
    {
      id: 'amount',
      header: t('payouts.amount'),
      value: (p) => formatMoney(p.amount_paise, lng),
    },
    {
      id: 'method',
      header: t('payouts.method'),
      value: (p) => `${t(`payouts.methods.${p.method}`)}${p.reference ? ` · ${p.reference}` : ''}`,
    },
    { id: 'tasks', header: t('payouts.tasks'), value: (p) => p.tasks.map((x) => x.task_id).join(', ') },
    { id: 'by', header: t('payouts.by'), value: (p) => p.recorded_by ?? '' },
  ]
}
