import { Anchor, Badge, Text, Title } from '@mantine/core'
import type { Quote, QuoteLine } from '@townworks/contract'
import { formatQuantity, type QuoteStatus } from '@townworks/contract/quote-units'
import { useId } from 'react'
import { useTranslation } from 'react-i18next'
import { quotePdfUrl } from '../../quote-pdf'
import { formatDate, formatDateTime, formatMoney, formatTime } from '../../../../lib/format'
import { useNames } from '../../../../lib/names'

const STATUS_COLOR: Record<QuoteStatus, string> = {
  sent: 'blue',
  accepted: 'green',
  declined: 'red',
  superseded: 'gray',
}

/** A line as the office reads it back: "Sand: 2 tractor loads × ₹3,500 = ₹7,000". */
function LineText({ line }: { line: QuoteLine }) {
  const { t, i18n } = useTranslation('quotes')
  const names = useNames()
  const lng = i18n.language
  const quantity = t(`units.count.${line.unit}`, { count: line.quantity, quantity: formatQuantity(line.quantity) })
  return (
    <li>
      {t('office.versions.line', {
        description: line.service ? `${line.description} (${names.service(line.service)})` : line.description,
        quantity,
        price: formatMoney(line.unit_price_paise, lng),
        total: formatMoney(line.total_paise, lng),
      })}
    </li>
  )
}

/**
 * Every version sent for the request, newest first: its state (waiting, accepted, declined with the
 * customer's reason, superseded), its total, when and by whom it was made, its last day, and its lines.
 */
export function QuoteVersions({ quotes }: { quotes: readonly Quote[] }) {
  const { t } = useTranslation('quotes')
  const headingId = useId()
  return (
    <section aria-labelledby={headingId} className="quote-versions">
      <Title order={3} size="h4" id={headingId}>
        {t('office.versions.heading')}
      </Title>
      {quotes.length === 0 ? (
        <Text size="sm">{t('office.versions.none')}</Text>
      ) : (
        <ol className="quote-versions__list">
          {quotes.map((quote) => (
            <Version key={quote.id} quote={quote} />
          ))}
        </ol>
      )}
    </section>
  )
}

function Version({ quote }: { quote: Quote }) {
  const { t, i18n } = useTranslation('quotes')
  const lng = i18n.language
  const waitingButExpired = quote.status === 'sent' && quote.expired
  return (
    <li className="quote-version" data-testid={`quote-version-${quote.version}`} data-status={quote.status}>
      <div className="quote-version__head">
        <Text fw={700} component="span">
          {t('office.versions.version', { version: quote.version })}
        </Text>
        <Badge variant="light" color={waitingButExpired ? 'orange' : STATUS_COLOR[quote.status]} tt="none">
          {waitingButExpired ? t('office.versions.expired') : t(`office.versions.status.${quote.status}`)}
        </Badge>
        <Text fw={700} component="span">
          {formatMoney(quote.total_paise, lng)}
        </Text>
      </div>
      <Text size="sm">
        {[
          quote.created_by
            ? t('office.versions.madeBy', { when: formatDateTime(quote.created_at, lng), who: quote.created_by })
            : t('office.versions.made', { when: formatDateTime(quote.created_at, lng) }),
          t('office.versions.validUntil', { date: formatDate(quote.valid_until, lng) }),
          quote.decided_at ? t('office.versions.decided', { when: formatDateTime(quote.decided_at, lng) }) : null,
        ]
          .filter(Boolean)
          .join(' · ')}
      </Text>
      {quote.status === 'declined' ? (
        <Text size="sm">
          {quote.decline_reason
            ? t('office.versions.declineReason', { reason: quote.decline_reason })
            : t('office.versions.noReason')}
        </Text>
      ) : null}
      <ul className="quote-version__lines">
        {quote.lines.map((line) => (
          <LineText key={line.position} line={line} />
        ))}
        {quote.visit_charge_paise > 0 ? (
          <li>{t('office.versions.visitCharge', { amount: formatMoney(quote.visit_charge_paise, lng) })}</li>
        ) : null}
      </ul>
      {quote.slot ? (
        <Text size="sm">
          {t('office.versions.slot', {
            worker: quote.slot.worker_name,
            date: formatDate(quote.slot.date, lng),
            start: formatTime(quote.slot.start_time),
            end: formatTime(quote.slot.end_time),
          })}
        </Text>
      ) : null}
      {quote.note ? <Text size="sm">{t('office.versions.note', { note: quote.note })}</Text> : null}
      <Anchor href={quotePdfUrl(quote.id, lng)} download size="sm">
        {t('office.versions.pdf', { version: quote.version })}
      </Anchor>
    </li>
  )
}
