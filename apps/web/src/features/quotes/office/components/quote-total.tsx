import { Text } from '@mantine/core'
import { useWatch } from 'react-hook-form'
import { useTranslation } from 'react-i18next'
import { formatMoney } from '../../../../lib/format'
import { quoteTotal } from '../model/quote-form'
import type { QuoteFormState } from './use-quote-form'

/** The quote's total as it is typed: the visit charge and every line's total (amounts include tax). */
export function QuoteTotal({ state: { t, form } }: { state: QuoteFormState }) {
  const { i18n } = useTranslation()
  const [lines, visitCharge] = useWatch({ control: form.control, name: ['lines', 'visit_charge'] })
  const total = quoteTotal({ lines, visit_charge: visitCharge })
  return (
    <div className="quote-form__total">
      <Text component="p" size="lg">
        {t('office.form.total')} <strong data-testid="quote-total">{formatMoney(total.paise, i18n.language)}</strong>
      </Text>
      <Text component="p" size="sm">
        {total.complete ? t('office.form.taxIncluded') : t('office.form.totalIncomplete')}
      </Text>
    </div>
  )
}
