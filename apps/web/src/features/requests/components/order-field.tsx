import { Group, NativeSelect, Text, TextInput } from '@mantine/core'
import type { OrderUnit } from '@townworks/contract/quote-units'
import { useEffect, useId } from 'react'
import { useWatch, type UseFormReturn } from 'react-hook-form'
import { useTranslation } from 'react-i18next'
import { useReferenceRows } from '../../../lib/names'
import { quantityText } from '../../../lib/quantity-text'
import { orderMax, orderProblem, orderUnitsOf, type OrderProblem } from '../model/material-order'
import type { RequestFormOutput, RequestFormValues } from '../model/request-form'

type RequestForm = UseFormReturn<RequestFormValues, unknown, RequestFormOutput>

/** The units the chosen service is ordered in (decision 069), the usual first; [] for a job or before the rows come. */
export function useOrderUnits(service: string): readonly OrderUnit[] {
  const rows = useReferenceRows()
  return (service && orderUnitsOf(rows?.services, service)) || []
}

/**
 * "How much do you need?" for a service ordered by quantity (issue 22, decision 069): the quantity as
 * typed and one of the service's units, named in the reader's language (the quotes' unit words), the
 * usual one chosen first. Checked as typed with the contract's counting rules; what was typed stays in
 * the form (and its draft) when the service changes, and only the unit follows the new service's list.
 */
export function OrderField({ form, units }: { form: RequestForm; units: readonly OrderUnit[] }) {
  const { t, i18n } = useTranslation('requests')
  const { t: tq } = useTranslation('quotes')
  const legendId = useId()
  const unit = useWatch({ control: form.control, name: 'unit' })
  const quantity = useWatch({ control: form.control, name: 'quantity' })
  const { errors } = form.formState

  useEffect(() => {
    // The usual unit (the first) for a service the kept unit does not suit: Sand's tractor loads, Mortar's bags.
    if (units.length > 0 && !units.includes(unit as OrderUnit)) {
      form.setValue('unit', units[0]!, { shouldDirty: true, shouldValidate: form.formState.isSubmitted })
    }
  }, [units, unit, form])

  /** The reader's words for a refusal: the form's own (the contract's are English), the server's as they came. */
  const text = (field: 'quantity' | 'unit') => {
    const error = errors[field]
    if (!error) return undefined
    if (error.type === 'server') return error.message
    const found = orderProblem(units, { quantity, unit })
    const problem = (found?.field === field ? found.problem : error.message) as OrderProblem
    if (problem !== 'quantityTooMuch') return t(`form.errors.${problem}`)
    return t('form.errors.quantityTooMuch', {
      most: quantityText(tq, orderMax(unit), unit as OrderUnit, i18n.language),
    })
  }

  return (
    <fieldset className="request-steps__order" aria-labelledby={legendId}>
      <Text component="legend" id={legendId} fw={600}>
        {t('form.orderTitle')}
      </Text>
      <Group gap="sm" align="flex-start" wrap="nowrap">
        <TextInput
          size="md"
          className="request-steps__quantity"
          label={t('form.quantity')}
          inputMode="decimal"
          autoComplete="off"
          required
          error={text('quantity')}
          {...form.register('quantity')}
        />
        <NativeSelect
          size="md"
          className="request-steps__unit"
          label={t('form.unit')}
          required
          error={text('unit')}
          data={units.map((u) => ({ value: u, label: tq(`units.name.${u}`) }))}
          {...form.register('unit')}
        />
      </Group>
    </fieldset>
  )
}
