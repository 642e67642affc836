import { Button, Group, NativeSelect, Text, TextInput } from '@mantine/core'
import type { ServiceRequestDetail } from '@townworks/contract'
import {
  QUOTE_LINE_KINDS,
  QUOTE_LINES_MAX,
  QUOTE_UNIT_RULES,
  type QuoteLineKind,
} from '@townworks/contract/quote-units'
import { useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import { Controller, useFieldArray, useWatch } from 'react-hook-form'
import { useTranslation } from 'react-i18next'
import { formatMoney } from '../../../../lib/format'
import { useNames, useReferenceRows } from '../../../../lib/names'
import { emptyLine, FIRST_UNIT, lineTotal, linesAreEmpty, linesFromGuide, unitsOf } from '../model/quote-form'
import { priceGuidesQuery } from '../../../../lib/shared-api/price-guides'
import type { QuoteFormState } from './use-quote-form'

interface LinesProps {
  state: QuoteFormState
  request: ServiceRequestDetail
  /** A field's problem in words (fieldText), by its path. */
  err: (path: string) => string | undefined
}

/** The catalogue's material services (Sand, Morter, Bricks…), active ones, in the reader's language. */
function useMaterialOptions() {
  const rows = useReferenceRows()
  const names = useNames()
  return (rows?.services ?? [])
    .filter((row) => row.active && row.category === 'material')
    .map((row) => ({ value: row.name, label: names.service(row.name) }))
}

/**
 * The quote's lines: labour or material, each a description, (for a material) which material, a unit
 * the kind may be counted in, a quantity in the unit's steps, a unit price in rupees, and its total as
 * it is typed. Lines are added as labour or as material, and removed, down to one.
 */
/**
 * "Fill from the price guide" when the admin keeps a guide for the request's service in its town: the
 * guide's typical items become lines (replacing an empty form, else added after what is typed), and
 * what was filled is said, with the guide's minimum charge.
 */
function FillFromGuide({ state: { t, form }, request }: Pick<LinesProps, 'state' | 'request'>) {
  const { i18n } = useTranslation()
  const names = useNames()
  const guides = useQuery(priceGuidesQuery())
  const [filled, setFilled] = useState<{ count: number; minimum: number } | null>(null)
  const guide = guides.data?.guides.find((g) => g.service === request.service && g.town === request.town)
  if (!guide) return null
  const fill = () => {
    const lines = form.getValues('lines')
    const room = QUOTE_LINES_MAX - (linesAreEmpty(lines) ? 0 : lines.length)
    const fromGuide = linesFromGuide(guide).slice(0, Math.max(0, room))
    form.setValue('lines', linesAreEmpty(lines) ? fromGuide : [...lines, ...fromGuide], { shouldDirty: true })
    setFilled({ count: fromGuide.length, minimum: guide.minimum_charge_paise })
  }
  return (
    <>
      <Button variant="light" onClick={fill}>
        {t('office.form.fillFromGuide', { service: names.service(guide.service), town: names.town(guide.town) })}
      </Button>
      <Text size="sm" role="status" className="quote-form__guide-note">
        {filled
          ? t('office.form.filledFromGuide', {
              count: filled.count,
              minimum: formatMoney(filled.minimum, i18n.language),
            })
          : ''}
      </Text>
    </>
  )
}

export function QuoteLines({ state, request, err }: LinesProps) {
  const { t, form } = state
  const { fields, append, remove } = useFieldArray({ control: form.control, name: 'lines' })
  const materials = useMaterialOptions()
  const add = (kind: QuoteLineKind) => append(emptyLine(kind), { focusName: `lines.${fields.length}.description` })
  return (
    <div className="quote-form__lines">
      {fields.map((field, index) => (
        <LineFields
          key={field.id}
          state={state}
          request={request}
          index={index}
          materials={materials}
          err={err}
          onRemove={fields.length > 1 ? () => remove(index) : undefined}
        />
      ))}
      {err('lines.root') ? (
        <Text role="alert" c="red.9" size="sm">
          {err('lines.root')}
        </Text>
      ) : null}
      <Group gap="xs">
        <FillFromGuide state={state} request={request} />
        <Button variant="light" onClick={() => add('labour')} disabled={fields.length >= QUOTE_LINES_MAX}>
          {t('office.form.addLabour')}
        </Button>
        <Button variant="light" onClick={() => add('material')} disabled={fields.length >= QUOTE_LINES_MAX}>
          {t('office.form.addMaterial')}
        </Button>
      </Group>
    </div>
  )
}

function LineFields({
  state: { t, form },
  request,
  index,
  materials,
  err,
  onRemove,
}: LinesProps & {
  index: number
  materials: { value: string; label: string }[]
  onRemove: (() => void) | undefined
}) {
  const { t: tu, i18n } = useTranslation('quotes')
  const names = useNames()
  const line = useWatch({ control: form.control, name: `lines.${index}` })
  const number = index + 1
  const name = <F extends string>(field: F) => `lines.${index}.${field}` as const
  const total = lineTotal(line)
  const rule = QUOTE_UNIT_RULES[line.unit]
  return (
    <fieldset className="quote-line" data-testid={`quote-line-${number}`}>
      <legend className="quote-line__legend">{t('office.form.line', { number })}</legend>
      <div className={`quote-line__what quote-line__what--${line.kind}`}>
        <Controller
          control={form.control}
          name={name('kind')}
          render={({ field }) => (
            <NativeSelect
              className="quote-line__kind"
              label={t('office.form.kind')}
              data={QUOTE_LINE_KINDS.map((kind) => ({ value: kind, label: t(`office.form.kinds.${kind}`) }))}
              value={field.value}
              onBlur={field.onBlur}
              ref={field.ref}
              onChange={(e) => {
                const kind = e.currentTarget.value as QuoteLineKind
                field.onChange(kind)
                // A unit the new kind is not counted in gives way to the kind's first one.
                if (!QUOTE_UNIT_RULES[form.getValues(name('unit'))].kinds.includes(kind))
                  form.setValue(name('unit'), FIRST_UNIT[kind])
                if (kind === 'labour') form.setValue(name('service'), '')
              }}
            />
          )}
        />
        <TextInput
          className="quote-line__description"
          label={t('office.form.description')}
          placeholder={t(`office.form.descriptionExample.${line.kind}`)}
          withAsterisk
          maxLength={120}
          {...form.register(name('description'))}
          error={err(name('description'))}
        />
        {line.kind === 'material' ? (
          <Controller
            control={form.control}
            name={name('service')}
            render={({ field }) => (
              <NativeSelect
                className="quote-line__material"
                label={t('office.form.material')}
                data={[
                  { value: '', label: t('office.form.requestService', { service: names.service(request.service) }) },
                  ...materials,
                  // A material no longer offered, from an earlier version: still named.
                  ...(field.value && !materials.some((m) => m.value === field.value)
                    ? [{ value: field.value, label: names.service(field.value) }]
                    : []),
                ]}
                value={field.value}
                onBlur={field.onBlur}
                ref={field.ref}
                onChange={(e) => field.onChange(e.currentTarget.value)}
                error={err(name('service'))}
              />
            )}
          />
        ) : null}
      </div>
      <div className="quote-line__amount">
        <Controller
          control={form.control}
          name={name('unit')}
          render={({ field }) => (
            <NativeSelect
              className="quote-line__unit"
              label={t('office.form.unit')}
              data={unitsOf(line.kind).map((unit) => ({ value: unit, label: tu(`units.name.${unit}`) }))}
              value={field.value}
              onBlur={field.onBlur}
              ref={field.ref}
              onChange={(e) => field.onChange(e.currentTarget.value)}
              error={err(name('unit'))}
            />
          )}
        />
        <TextInput
          className="quote-line__quantity"
          type="number"
          inputMode="decimal"
          label={t('office.form.quantity')}
          withAsterisk
          min={rule.step}
          max={rule.max}
          step={rule.step}
          {...form.register(name('quantity'))}
          error={err(name('quantity'))}
        />
        <TextInput
          className="quote-line__price"
          inputMode="decimal"
          label={t('office.form.unitPrice')}
          leftSection={<span aria-hidden="true">₹</span>}
          withAsterisk
          {...form.register(name('unit_price'))}
          error={err(name('unit_price'))}
        />
        <div className="quote-line__total">
          <Text size="sm" fw={500} component="span" id={`quote-line-${index}-total`}>
            {t('office.form.lineTotal')}
          </Text>
          <output aria-labelledby={`quote-line-${index}-total`} data-testid="line-total">
            {total === undefined ? t('office.form.noTotal') : formatMoney(total, i18n.language)}
          </output>
        </div>
        {onRemove ? (
          <Button
            className="quote-line__remove"
            variant="subtle"
            color="red"
            aria-label={t('office.form.removeLabel', { number })}
            onClick={onRemove}
          >
            {t('office.form.remove')}
          </Button>
        ) : null}
      </div>
    </fieldset>
  )
}
