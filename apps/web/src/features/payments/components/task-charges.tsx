import { Stack, Table, Text, Title } from '@mantine/core'
import type { MyRequestTask } from '@townworks/contract'
import { useTranslation } from 'react-i18next'
import { QueryState } from '../../../components/query-state'
import { usePaymentOptions } from '../api/get-payment-options'
import { formatMoney } from '../../../lib/format'
import { PayButton } from './pay-button'
import './payments.css'

const PAID = new Set(['payment_received', 'paid_to_worker', 'task_completed'])

/** A task's price, line items and total for its customer, with the Pay button once they confirmed the work. */
export function TaskCharges({ task, onPaid }: { task: MyRequestTask; onPaid?: () => void }) {
  const { t, i18n } = useTranslation('payments')
  const lng = i18n.language
  const headingId = `task-charges-${task.id}`
  const awaitingPayment = task.status === 'payment_pending' && task.total_paise !== null
  if (task.status === 'cancelled') return null
  return (
    <section aria-labelledby={headingId}>
      <Stack gap="xs">
        <Title order={3} size="h5" id={headingId}>
          {t('charges.heading')}
        </Title>
        {task.price_paise === null || task.total_paise === null ? (
          <Text size="sm">{t('charges.noPrice')}</Text>
        ) : (
          <Table withRowBorders={false} className="payments-charges">
            <Table.Tbody>
              <Table.Tr>
                <Table.Th scope="row">{t('charges.price')}</Table.Th>
                <Table.Td>{formatMoney(task.price_paise, lng)}</Table.Td>
              </Table.Tr>
              {task.line_items.map((item) => (
                <Table.Tr key={item.id}>
                  <Table.Th scope="row">{t('charges.lineItem', { description: item.description })}</Table.Th>
                  <Table.Td>{formatMoney(item.amount_paise, lng)}</Table.Td>
                </Table.Tr>
              ))}
              <Table.Tr>
                <Table.Th scope="row">{t('charges.total')}</Table.Th>
                <Table.Td className="payments-amount">{formatMoney(task.total_paise, lng)}</Table.Td>
              </Table.Tr>
            </Table.Tbody>
          </Table>
        )}
        {task.total_paise !== null ? (
          <Text size="sm" fw={600} data-money-state={task.money_state}>
            {t(`charges.moneyState.${task.money_state}`, {
              paid: formatMoney(task.paid_paise, lng),
              balance: formatMoney(Math.abs(task.total_paise - task.paid_paise), lng),
            })}
          </Text>
        ) : null}
        {PAID.has(task.status) ? <Text size="sm">{t('charges.paidNote')}</Text> : null}
        {awaitingPayment ? <PayArea task={task} amountPaise={task.total_paise!} onPaid={onPaid} /> : null}
      </Stack>
    </section>
  )
}

/**
 * How the customer pays a task waiting for payment: the Pay button when an online checkout is
 * offered, else the office's cash or UPI. While the options load, and if they fail (with a retry),
 * the shared query states say so.
 */
function PayArea({
  task,
  amountPaise,
  onPaid,
}: {
  task: MyRequestTask
  amountPaise: number
  onPaid: (() => void) | undefined
}) {
  const { t, i18n } = useTranslation('payments')
  const options = usePaymentOptions()
  const amount = formatMoney(amountPaise, i18n.language)
  return (
    <QueryState
      query={options}
      loading={t('charges.optionsLoading')}
      errorTitle={t('charges.optionsFailed', { amount })}
    >
      {(data) =>
        data.online ? (
          <PayButton taskId={task.id} taskName={task.name} amountPaise={amountPaise} {...(onPaid ? { onPaid } : {})} />
        ) : (
          <Text size="sm">{t('charges.payOffice', { amount })}</Text>
        )
      }
    </QueryState>
  )
}
