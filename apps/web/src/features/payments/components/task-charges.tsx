import { Stack, Table, Text, Title } from '@mantine/core'
import type { MyRequestTask } from '@townworks/contract'
import { useTranslation } from 'react-i18next'
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
  const options = usePaymentOptions()
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
        {awaitingPayment && options.data?.online === null ? (
          <Text size="sm">{t('charges.payOffice', { amount: formatMoney(task.total_paise!, lng) })}</Text>
        ) : null}
        {awaitingPayment && options.data?.online ? (
          <PayButton
            taskId={task.id}
            taskName={task.name}
            amountPaise={task.total_paise!}
            {...(onPaid ? { onPaid } : {})}
          />
        ) : null}
        {awaitingPayment && options.isError ? (
          <Text size="sm" role="alert">
            {t('charges.optionsFailed', { amount: formatMoney(task.total_paise!, lng) })}
          </Text>
        ) : null}
      </Stack>
    </section>
  )
}
