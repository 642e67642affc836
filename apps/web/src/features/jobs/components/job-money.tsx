import type { JobMoney as Money } from '@townworks/contract'
import { useTranslation } from 'react-i18next'
import { formatDateTime, formatMoney } from '../../../lib/format'
import { JobSection } from './job-section'

/**
 * The job's money: its one state (the contract's moneyStateOf, as My requests and Payouts read it),
 * the charges, the payments received and the worker's share. "Owes" appears only while part is unpaid.
 */
export function JobMoney({ money }: { money: Money }) {
  const { t, i18n } = useTranslation('jobs')
  const lng = i18n.language
  const amount = (paise: number | null) => (paise === null ? t('money.noPrice') : formatMoney(paise, lng))
  return (
    <JobSection title={t('money.heading')}>
      <p className={`job-money-state job-money-state--${money.state}`} data-money-state={money.state}>
        {t(`money.state.${money.state}`, {
          total: amount(money.total_paise),
          paid: formatMoney(money.paid_paise, lng),
          balance: formatMoney(Math.abs(money.balance_paise ?? 0), lng),
        })}
      </p>
      <dl className="job-facts">
        <dt>{t('money.price')}</dt>
        <dd>{amount(money.price_paise)}</dd>
        {money.line_items.map((item) => (
          <FactPair key={item.id} term={item.description} value={formatMoney(item.amount_paise, lng)} />
        ))}
        <dt>{t('money.total')}</dt>
        <dd>
          <strong>{amount(money.total_paise)}</strong>
        </dd>
        <dt>{t('money.workerShare')}</dt>
        <dd>
          {money.worker_share_paise === null ? t('money.noPrice') : formatMoney(money.worker_share_paise, lng)}
          {' · '}
          {money.paid_out ? t('money.paidOut') : t('money.notPaidOut')}
        </dd>
      </dl>
      <h4 className="job-subtitle">{t('money.payments')}</h4>
      {money.payments.length === 0 ? (
        <p className="job-muted">{t('money.noPayments')}</p>
      ) : (
        <ul className="job-list">
          {money.payments.map((payment) => (
            <li key={payment.id}>
              {formatMoney(payment.amount_paise, lng)} · {t(`money.method.${payment.method}`)} ·{' '}
              {t(`money.paymentState.${payment.state}`)} · {formatDateTime(payment.created_at, lng)}
            </li>
          ))}
        </ul>
      )}
    </JobSection>
  )
}

function FactPair({ term, value }: { term: string; value: string }) {
  return (
    <>
      <dt>{term}</dt>
      <dd>{value}</dd>
    </>
  )
}
