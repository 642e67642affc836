import type { PriceGuide, PriceGuideBody, QuoteLineKind, QuoteUnit } from '@townworks/contract'
import { QUOTE_LINE_KINDS, QUOTE_UNIT_RULES, QUOTE_UNITS } from '@townworks/contract/quote-units'
import { useQuery } from '@tanstack/react-query'
import { useId, useState, type FormEvent, type ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { isApiError } from '../../../lib/api-client'
import { describeApiError } from '../../../lib/api-error-text'
import { formatMoney } from '../../../lib/format'
import { i18n } from '../../../lib/i18n'
import { useNames } from '../../../lib/names'
import { servicesQuery, townsQuery } from '../../../lib/shared-api/reference'
import { priceGuidesQuery, useSavePriceGuide } from '../api/price-guides'
import en from '../../../locales/lazy/price-guide/en.json'
import hi from '../../../locales/lazy/price-guide/hi.json'
import te from '../../../locales/lazy/price-guide/te.json'
import './price-guide.css'

// The editor's words come with its chunk: a namespace file in locales/ would add to every page's map.
for (const [language, words] of Object.entries({ en, te, hi })) {
  i18n.addResourceBundle(language, 'priceGuide', words, true, false)
}

// The price guide's editor in /admin/catalog (issue 22, decision 063), fetched when the section is
// drawn: pick a service and a town, edit the minimum charge and the typical items, save, and read
// the "about ₹X–₹Y" customers see.

interface ItemDraft {
  kind: QuoteLineKind
  description: string
  unit: QuoteUnit
  quantity: string
  low: string
  high: string
}

const rupees = (paise: number) => (paise % 100 === 0 ? String(paise / 100) : (paise / 100).toFixed(2))
const emptyItem = (): ItemDraft => ({ kind: 'labour', description: '', unit: 'job', quantity: '1', low: '', high: '' })

/** Rupees typed by a person (up to 2 decimals) as exact paise; undefined when it is not an amount. */
export function parseRupees(text: string): number | undefined {
  const match = /^\s*(\d{1,8})(?:\.(\d{1,2}))?\s*$/.exec(text)
  if (!match) return undefined
  return Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'))
}

function draftOf(guide: PriceGuide | undefined): { minimum: string; items: ItemDraft[] } {
  if (!guide) return { minimum: '0', items: [emptyItem()] }
  return {
    minimum: rupees(guide.minimum_charge_paise),
    items: guide.items.map((i) => ({
      kind: i.kind,
      description: i.description,
      unit: i.unit,
      quantity: String(i.typical_quantity),
      low: rupees(i.low_unit_price_paise),
      high: rupees(i.high_unit_price_paise),
    })),
  }
}

/** The body to send, or the first item (1-based) whose amounts are not numbers: the server checks the rest. */
function bodyOf(minimum: string, items: ItemDraft[]): PriceGuideBody | { badItem: number } | { badMinimum: true } {
  const minimumPaise = parseRupees(minimum)
  if (minimumPaise === undefined) return { badMinimum: true }
  const out: PriceGuideBody['items'] = []
  for (const [i, item] of items.entries()) {
    const low = parseRupees(item.low)
    const high = parseRupees(item.high)
    const quantity = Number(item.quantity)
    if (low === undefined || high === undefined || item.quantity.trim() === '' || !Number.isFinite(quantity)) {
      return { badItem: i + 1 }
    }
    out.push({
      kind: item.kind,
      description: item.description,
      unit: item.unit,
      typical_quantity: quantity,
      low_unit_price_paise: low,
      high_unit_price_paise: high,
    })
  }
  return { minimum_charge_paise: minimumPaise, items: out }
}

/** A label over its control (plain elements: this chunk stays small, decision 046). */
function Field({ label, children }: { label: string; children: (id: string) => ReactNode }) {
  const id = useId()
  return (
    <div className="price-guide__field">
      <label htmlFor={id}>{label}</label>
      {children(id)}
    </div>
  )
}

function Choice({
  label,
  value,
  onChange,
  options,
}: {
  label: string
  value: string
  onChange: (value: string) => void
  options: readonly { value: string; label: string }[]
}) {
  return (
    <Field label={label}>
      {(id) => (
        <select id={id} value={value} onChange={(e) => onChange(e.currentTarget.value)}>
          {options.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </select>
      )}
    </Field>
  )
}

function Amount({
  label,
  value,
  onChange,
  wide,
}: {
  label: string
  value: string
  onChange: (value: string) => void
  wide?: boolean
}) {
  return (
    <Field label={label}>
      {(id) => (
        <input
          id={id}
          type="text"
          inputMode={wide ? undefined : 'decimal'}
          maxLength={wide ? 120 : 12}
          className={wide ? 'price-guide__wide' : undefined}
          value={value}
          onChange={(e) => onChange(e.currentTarget.value)}
        />
      )}
    </Field>
  )
}

function ItemFields({
  item,
  index,
  onChange,
  onRemove,
}: {
  item: ItemDraft
  index: number
  onChange: (next: ItemDraft) => void
  onRemove?: () => void
}) {
  const { t } = useTranslation(['priceGuide', 'quotes'])
  const n = index + 1
  const set = (patch: Partial<ItemDraft>) => onChange({ ...item, ...patch })
  const setKind = (kind: QuoteLineKind) => {
    // A unit the new kind is not counted in gives way to the first one it is.
    const unit = QUOTE_UNIT_RULES[item.unit].kinds.includes(kind)
      ? item.unit
      : QUOTE_UNITS.find((u) => QUOTE_UNIT_RULES[u].kinds.includes(kind))!
    set({ kind, unit })
  }
  return (
    <fieldset className="price-guide__item">
      <legend>{t('priceGuide:item', { n })}</legend>
      <Choice
        label={t('priceGuide:kind')}
        value={item.kind}
        onChange={(v) => setKind(v as QuoteLineKind)}
        options={QUOTE_LINE_KINDS.map((k) => ({ value: k, label: t(`priceGuide:kinds.${k}`) }))}
      />
      <Amount
        label={t('priceGuide:description')}
        value={item.description}
        onChange={(description) => set({ description })}
        wide
      />
      <Choice
        label={t('priceGuide:unit')}
        value={item.unit}
        onChange={(v) => set({ unit: v as QuoteUnit })}
        options={QUOTE_UNITS.filter((u) => QUOTE_UNIT_RULES[u].kinds.includes(item.kind)).map((u) => ({
          value: u,
          label: t(`quotes:units.name.${u}`),
        }))}
      />
      <Amount label={t('priceGuide:quantity')} value={item.quantity} onChange={(quantity) => set({ quantity })} />
      <Amount label={t('priceGuide:low')} value={item.low} onChange={(low) => set({ low })} />
      <Amount label={t('priceGuide:high')} value={item.high} onChange={(high) => set({ high })} />
      {onRemove ? (
        <button type="button" className="button" onClick={onRemove} aria-label={t('priceGuide:removeItem', { n })}>
          {t('priceGuide:remove')}
        </button>
      ) : null}
    </fieldset>
  )
}

function GuideForm({ serviceId, townId, guide }: { serviceId: number; townId: number; guide?: PriceGuide }) {
  const { t, i18n: instance } = useTranslation('priceGuide')
  const save = useSavePriceGuide()
  const [draft, setDraft] = useState(() => draftOf(guide))
  const [problem, setProblem] = useState('')
  const [saved, setSaved] = useState<PriceGuide | undefined>(undefined)
  const shown = saved ?? guide
  const setItem = (i: number, item: ItemDraft) =>
    setDraft((d) => ({ ...d, items: d.items.map((x, j) => (j === i ? item : x)) }))
  const onSubmit = (e: FormEvent) => {
    e.preventDefault()
    if (save.isPending) return
    const body = bodyOf(draft.minimum, draft.items)
    if ('badMinimum' in body) return setProblem(t('badMinimum'))
    if ('badItem' in body) return setProblem(t('badItem', { n: body.badItem }))
    setProblem('')
    save.mutate(
      { serviceId, townId, body },
      {
        onSuccess: (g) => setSaved(g),
        onError: (error) =>
          setProblem(isApiError(error) && error.issues[0] ? error.issues[0].message : describeApiError(error)),
      },
    )
  }
  return (
    <form onSubmit={onSubmit} noValidate className="price-guide__form">
      <Amount label={t('minimum')} value={draft.minimum} onChange={(minimum) => setDraft((d) => ({ ...d, minimum }))} />
      {draft.items.map((item, i) => (
        <ItemFields
          key={i}
          item={item}
          index={i}
          onChange={(next) => setItem(i, next)}
          onRemove={
            draft.items.length > 1
              ? () => setDraft((d) => ({ ...d, items: d.items.filter((_, j) => j !== i) }))
              : undefined
          }
        />
      ))}
      <div className="price-guide__actions">
        <button
          type="button"
          className="button"
          onClick={() => setDraft((d) => ({ ...d, items: [...d.items, emptyItem()] }))}
        >
          {t('addItem')}
        </button>
        <button type="submit" className="button button--primary" aria-busy={save.isPending}>
          {t('save')}
        </button>
      </div>
      {problem ? (
        <div role="alert" className="price-guide__problem">
          <strong>{t('notSaved')}</strong> {problem}
        </div>
      ) : null}
      <p role="status">
        {shown
          ? t(saved ? 'savedRange' : 'range', {
              low: formatMoney(shown.low_rupees * 100, instance.language),
              high: formatMoney(shown.high_rupees * 100, instance.language),
            })
          : t('noGuide')}
      </p>
    </form>
  )
}

/** The price guide section: a service and a town, then the guide's form. */
export default function PriceGuideEditor() {
  const { t } = useTranslation('priceGuide')
  const names = useNames()
  const services = useQuery(servicesQuery())
  const towns = useQuery(townsQuery())
  const guides = useQuery(priceGuidesQuery())
  const [serviceId, setServiceId] = useState('')
  const [townId, setTownId] = useState('')
  const activeServices = (services.data?.services ?? []).filter((s) => s.active)
  const activeTowns = (towns.data?.towns ?? []).filter((x) => x.active)
  const guide = guides.data?.guides.find((g) => String(g.service_id) === serviceId && String(g.town_id) === townId)
  return (
    <section aria-labelledby="price-guide-heading" className="price-guide">
      <h2 id="price-guide-heading">{t('heading')}</h2>
      <p>{t('lead')}</p>
      <div className="price-guide__pick">
        <Choice
          label={t('service')}
          value={serviceId}
          onChange={setServiceId}
          options={[
            { value: '', label: t('choose') },
            ...activeServices.map((s) => ({ value: String(s.id), label: names.service(s.name) })),
          ]}
        />
        <Choice
          label={t('town')}
          value={townId}
          onChange={setTownId}
          options={[
            { value: '', label: t('choose') },
            ...activeTowns.map((x) => ({ value: String(x.id), label: names.town(x.name) })),
          ]}
        />
      </div>
      {guides.isError ? <p role="alert">{t('loadFailed')}</p> : null}
      {serviceId && townId && guides.data ? (
        <GuideForm key={`${serviceId}/${townId}`} serviceId={Number(serviceId)} townId={Number(townId)} guide={guide} />
      ) : null}
    </section>
  )
}
