import { z } from 'zod'
import { IdParamSchema, MessageResponseSchema, PaiseSchema, text } from './common'
import { MAX_AMOUNT_PAISE } from './constants'
import { endpoint } from './endpoint'
import {
  lineTotalPaise,
  QUOTE_LINE_KINDS,
  QUOTE_UNIT_RULES,
  QUOTE_UNIT_WORDS_EN,
  QUOTE_UNITS,
  quantityProblem,
  type QuoteLineKind,
} from './quote-units'

/**
 * The price guide (issue 22, decision 063): per service and town, the typical items of a job with a
 * low and a high unit price, and a minimum charge. It pre-fills quotes and gives customers an
 * "about ₹X–₹Y" range. Items follow a quote line's rules (`quote-units.ts`): the unit suits the kind
 * (labour in jobs, hours, days or trips) and the typical quantity suits the unit (whole bags, half
 * hours…). Money is integer paise.
 */

/** The most items one guide has. */
export const PRICE_GUIDE_ITEMS_MAX = 30

const unitsOfKind = (kind: QuoteLineKind) =>
  QUOTE_UNITS.filter((u) => QUOTE_UNIT_RULES[u].kinds.includes(kind))
    .map((u) => QUOTE_UNIT_WORDS_EN[u][1])
    .join(', ')

/** One typical item as the admin writes it. Checked as a whole in the guide's body, naming the item. */
export const PriceGuideItemBodySchema = z.strictObject({
  kind: z.enum(QUOTE_LINE_KINDS, { error: 'Choose labour or material' }),
  description: text()
    .trim()
    .min(2, { error: 'Describe the work or the material' })
    .max(120, { error: 'Keep the description to 120 characters' }),
  unit: z.enum(QUOTE_UNITS, { error: 'Choose a unit from the list' }),
  typical_quantity: z.number({ error: 'Enter a typical quantity' }),
  /** Checked in the guide's body (whole paise, above zero, at most ₹1 crore, low ≤ high), naming the item. */
  low_unit_price_paise: z.number({ error: 'Enter a low unit price' }),
  high_unit_price_paise: z.number({ error: 'Enter a high unit price' }),
})
export type PriceGuideItemBody = z.infer<typeof PriceGuideItemBodySchema>

/**
 * PUT /api/price-guides/{serviceId}/{townId}: the whole guide, replacing the one there was. Every
 * refusal is a 400 whose message names the item ("Item 2: bags are counted in whole numbers").
 */
export const PriceGuideBodySchema = z
  .strictObject({
    minimum_charge_paise: PaiseSchema,
    items: z
      .array(PriceGuideItemBodySchema)
      .min(1, { error: 'Add at least one typical item' })
      .max(PRICE_GUIDE_ITEMS_MAX, { error: `A price guide has at most ${PRICE_GUIDE_ITEMS_MAX} items` }),
  })
  .superRefine((guide, ctx) => {
    guide.items.forEach((item, i) => {
      const name = `Item ${i + 1}`
      const issue = (field: string, message: string) =>
        ctx.addIssue({ code: 'custom', path: ['items', i, field], message: `${name}: ${message}` })
      if (!QUOTE_UNIT_RULES[item.unit].kinds.includes(item.kind)) {
        issue('unit', `${item.kind === 'labour' ? 'labour is' : 'a material is'} counted in ${unitsOfKind(item.kind)}`)
      }
      const problem = quantityProblem(item.unit, item.typical_quantity)
      if (problem) issue('typical_quantity', problem)
      const priceProblem = (paise: number) =>
        !Number.isInteger(paise)
          ? 'in whole paise'
          : paise < 1
            ? 'above zero'
            : paise > MAX_AMOUNT_PAISE
              ? 'at most ₹1,00,00,000 (one crore)'
              : null
      const low = priceProblem(item.low_unit_price_paise)
      const high = priceProblem(item.high_unit_price_paise)
      if (low) issue('low_unit_price_paise', `enter a low unit price ${low}`)
      if (high) issue('high_unit_price_paise', `enter a high unit price ${high}`)
      if (!low && !high && item.low_unit_price_paise > item.high_unit_price_paise) {
        issue('high_unit_price_paise', 'the high unit price is below the low one')
      }
    })
  })
export type PriceGuideBody = z.infer<typeof PriceGuideBodySchema>

/**
 * A guide's range in paise: the items at their typical quantities (each line rounded to the paisa,
 * half up, like a quote's line), low and high, never below the minimum charge.
 */
export function priceRangePaise(
  minimumChargePaise: number,
  items: readonly { typical_quantity: number; low_unit_price_paise: number; high_unit_price_paise: number }[],
): { low: number; high: number } {
  let low = 0
  let high = 0
  for (const item of items) {
    low += lineTotalPaise(item.typical_quantity, item.low_unit_price_paise)
    high += lineTotalPaise(item.typical_quantity, item.high_unit_price_paise)
  }
  return { low: Math.max(minimumChargePaise, low), high: Math.max(minimumChargePaise, high) }
}

/**
 * The range in whole rupees for display: the low end rounded down, the high end rounded up, so the
 * rupees shown always contain the totals in paise ("about ₹1,234–₹5,679" for 1,234.50–5,678.10).
 */
export function priceRangeRupees(range: { low: number; high: number }): { low: number; high: number } {
  return { low: Math.floor(range.low / 100), high: Math.ceil(range.high / 100) }
}

export const PriceGuideItemSchema = z.object({
  position: z.number().int(),
  kind: z.enum(QUOTE_LINE_KINDS),
  description: z.string(),
  unit: z.enum(QUOTE_UNITS),
  typical_quantity: z.number(),
  low_unit_price_paise: z.number().int(),
  high_unit_price_paise: z.number().int(),
})
export type PriceGuideItem = z.infer<typeof PriceGuideItemSchema>

export const PriceGuideSchema = z.object({
  service_id: z.number().int(),
  /** The service's and town's English names (decision 048). */
  service: z.string(),
  town_id: z.number().int(),
  town: z.string(),
  minimum_charge_paise: z.number().int(),
  items: z.array(PriceGuideItemSchema),
  /** The range in paise (priceRangePaise) and in whole rupees (priceRangeRupees). */
  low_total_paise: z.number().int(),
  high_total_paise: z.number().int(),
  low_rupees: z.number().int(),
  high_rupees: z.number().int(),
  /** The login of the admin who saved it last. */
  updated_by: z.string().nullable(),
  updated_at: z.string(),
})
export type PriceGuide = z.infer<typeof PriceGuideSchema>

export const PriceGuidesResponseSchema = z.object({ guides: z.array(PriceGuideSchema) })
export type PriceGuidesResponse = z.infer<typeof PriceGuidesResponseSchema>

/**
 * One service in one town with a guide: "about ₹low_rupees–₹high_rupees". low_rupees is
 * max(minimum, Σ low unit price × typical quantity) rounded down to the rupee, high_rupees is
 * max(minimum, Σ high unit price × typical quantity) rounded up (each item's product first rounded
 * to the paisa, half up). Only active services and towns are listed.
 */
export const PriceRangeSchema = z.object({
  service_id: z.number().int(),
  service: z.string(),
  town_id: z.number().int(),
  town: z.string(),
  low_rupees: z.number().int(),
  high_rupees: z.number().int(),
})
export type PriceRange = z.infer<typeof PriceRangeSchema>
export const PriceRangesResponseSchema = z.object({ ranges: z.array(PriceRangeSchema) })
export type PriceRangesResponse = z.infer<typeof PriceRangesResponseSchema>

const GuideParamsSchema = z.object({ serviceId: IdParamSchema, townId: IdParamSchema })

export const priceGuideEndpoints = {
  priceGuides: endpoint({
    method: 'GET',
    path: '/api/price-guides',
    access: ['admin', 'operator'],
    tag: 'reference',
    summary: 'Every price guide (service and town) with its items and its range',
    response: PriceGuidesResponseSchema,
  }),
  savePriceGuide: endpoint({
    method: 'PUT',
    path: '/api/price-guides/:serviceId/:townId',
    access: ['admin'],
    tag: 'reference',
    summary:
      "Replace a service's price guide in a town, items and minimum charge, in one transaction (404 for an unknown or retired service or town)",
    params: GuideParamsSchema,
    body: PriceGuideBodySchema,
    response: PriceGuideSchema,
  }),
  deletePriceGuide: endpoint({
    method: 'DELETE',
    path: '/api/price-guides/:serviceId/:townId',
    access: ['admin'],
    tag: 'reference',
    summary: "Remove a service's price guide in a town (404 when there is none)",
    params: GuideParamsSchema,
    response: MessageResponseSchema,
  }),
  priceRanges: endpoint({
    method: 'GET',
    path: '/api/price-ranges',
    access: 'public',
    tag: 'reference',
    summary: 'For each active service and town with a guide, its "about ₹X–₹Y" range in whole rupees',
    response: PriceRangesResponseSchema,
  }),
} as const
