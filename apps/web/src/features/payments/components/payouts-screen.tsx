import { Alert, Stack, Title } from '@mantine/core'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { PanelBoundary } from '../../../components/panel-boundary'
import { QueryState } from '../../../components/query-state'
import { useOwed } from '../api/get-owed'
import { describeApiError } from '../../../lib/api-error-text'
import { ManualPaymentPanel } from './manual-payment-panel'
import { PayoutHistory } from './payout-history'
import { RefundsDue } from './refunds-due'
import { WorkerPayout } from './worker-payout'
import './payments.css'

/**
 * The operators' payouts screen: what each worker is owed, recording payouts, refunds due, recent
 * payouts. Each panel has its own error boundary: one that fails leaves the others working.
 */
export function PayoutsScreen({ taskId }: { taskId?: number | undefined } = {}) {
  const { t } = useTranslation(['payments', 'common'])
  const owed = useOwed()
  const [announcement, setAnnouncement] = useState<{ text: string; ok: boolean } | null>(null)
  const announce = (text: string, ok: boolean) => setAnnouncement({ text, ok })

  return (
    <Stack gap="lg" className="payments-scope">
      <div role="status" aria-live="polite">
        {announcement ? (
          <Alert
            color={announcement.ok ? 'green' : 'red'}
            variant="light"
            withCloseButton
            onClose={() => setAnnouncement(null)}
            closeButtonLabel={t('common:close')}
          >
            {announcement.text}
          </Alert>
        ) : null}
      </div>
      <PanelBoundary label={t('manual.heading')}>
        <ManualPaymentPanel onResult={announce} taskId={taskId} />
      </PanelBoundary>
      <PanelBoundary label={t('payouts.owedHeading')}>
        <section aria-labelledby="payouts-owed-heading">
          <Title order={2} size="h3" id="payouts-owed-heading" mb="sm">
            {t('payouts.owedHeading')}
          </Title>
          <QueryState
            query={owed}
            loading={t('payouts.loading')}
            describeError={(error) =>
              describeApiError(error, {
                network: t('payouts.noServer'),
                rest: (message) => t('payouts.loadFailed', { message }),
              })
            }
            isEmpty={(data) => data.workers.every((w) => w.tasks.length === 0)}
            empty={t('payouts.empty')}
          >
            {(data) =>
              data.workers
                .filter((w) => w.tasks.length > 0)
                .map((w) => (
                  <WorkerPayout
                    key={`${w.worker_id}-${w.tasks.map((x) => x.task_id).join('.')}`}
                    worker={w}
                    onResult={announce}
                  />
                ))
            }
          </QueryState>
        </section>
      </PanelBoundary>
      {owed.data && owed.data.refunds_due.length > 0 ? (
        <PanelBoundary label={t('refunds.heading')}>
          <RefundsDue refunds={owed.data.refunds_due} onResult={announce} />
        </PanelBoundary>
      ) : null}
      <PanelBoundary label={t('payouts.historyHeading')}>
        <PayoutHistory />
      </PanelBoundary>
    </Stack>
  )
}
