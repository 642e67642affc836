import { normalizeIndianMobile } from '@townworks/contract/constants'
import { PROBLEM_CHIP_KEYS } from '@townworks/contract/problem-chips'
import { PHOTO_TYPES, TIME_WINDOWS } from '@townworks/contract/request-details'
import { zodResolver } from '@hookform/resolvers/zod'
import type { Resolver } from 'react-hook-form'
import { z } from 'zod'
import type { OrderUnit } from '@townworks/contract/quote-units'
import { todayInKolkata } from '../../../lib/format'
import { orderProblem } from './material-order'
import type { RequestFormValues } from './request-form-draft'

// The form's values and its draft are zod-free (the outbox's notices read them without zod).
export { clearDraft, DRAFT_KEY, emptyForm, readDraft, writeDraft, type RequestFormValues } from './request-form-draft'

// Messages are keys of requests.json (form.errors.*): the form translates them when it shows them.
export const FORM_FIELDS = [
  'name',
  'phone',
  'email',
  'service',
  'town',
  'service_date',
  'address',
  'landmark',
  'description',
  'problems',
  'time_window',
  'photo',
  'quantity',
  'unit',
] as const
export type FormField = (typeof FORM_FIELDS)[number]

/** The form's steps, in order, and the fields each one checks before the next. */
export const STEPS = ['what', 'where', 'when', 'who'] as const
export type Step = (typeof STEPS)[number]
export const STEP_FIELDS = {
  what: ['service', 'quantity', 'unit', 'problems', 'description', 'photo'],
  where: ['address', 'landmark', 'town'],
  when: ['service_date', 'time_window'],
  who: ['name', 'phone', 'email'],
} as const satisfies Record<Step, readonly FormField[]>

/** The step a field is typed in (a server's refusal of it takes the person back there). */
export function stepOf(field: FormField): Step {
  return STEPS.find((s) => (STEP_FIELDS[s] as readonly FormField[]).includes(field)) ?? 'who'
}

const PhotoValueSchema = z.object({ type: z.enum(PHOTO_TYPES), data: z.string(), name: z.string() }).nullable()

/** The request form, checked in the browser as the server will check it (the server checks again). */
export const RequestFormSchema = z.object({
  name: z.string().trim().min(1, { error: 'nameRequired' }).max(100, { error: 'nameTooLong' }),
  phone: z
    .string()
    .trim()
    .min(1, { error: 'phoneRequired' })
    .refine((v) => normalizeIndianMobile(v) !== undefined, { error: 'phoneInvalid' }),
  email: z.union([z.literal(''), z.email({ error: 'emailInvalid' }).max(254, { error: 'emailInvalid' })], {
    error: 'emailInvalid',
  }),
  // Towns and services are rows (decision 048): the form offers the active ones, the server checks the choice.
  service: z.string().trim().min(1, { error: 'serviceRequired' }),
  town: z.string().trim().min(1, { error: 'townRequired' }),
  service_date: z
    .string()
    .min(1, { error: 'dateRequired' })
    .refine((d) => /^\d{4}-\d{2}-\d{2}$/.test(d) && !Number.isNaN(Date.parse(d)), { error: 'dateInvalid', abort: true })
    .refine((d) => d >= todayInKolkata(), { error: 'datePast' }),
  address: z.string().trim().min(3, { error: 'addressRequired' }).max(200, { error: 'tooLong' }),
  landmark: z.string().trim().max(120, { error: 'tooLong' }),
  description: z.string().trim().max(1000, { error: 'tooLong' }),
  problems: z.array(z.string().refine((c) => (PROBLEM_CHIP_KEYS as readonly string[]).includes(c))).max(6),
  time_window: z.string().pipe(z.enum(TIME_WINDOWS, { error: 'timeRequired' })),
  lat: z.number().nullable(),
  lng: z.number().nullable(),
  photo: PhotoValueSchema,
  preferred_worker: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  quantity: z.string(),
  unit: z.string(),
})

export type RequestFormOutput = z.output<typeof RequestFormSchema>

/**
 * The request form's check: its schema, and for a service ordered by quantity (decision 069;
 * `orderUnitsOf(service)` names its units, undefined while the rows have not come) "how much", required
 * and counted as its unit is (no 1.5 bags, nothing at zero), whatever the other steps hold (step 1 is
 * checked while they are still empty). For a job, what was typed for another service is not sent.
 */
export function requestFormResolver(
  orderUnitsOf: (service: string) => readonly OrderUnit[] | undefined,
): Resolver<RequestFormValues, unknown, RequestFormOutput> {
  const checkFields = zodResolver(RequestFormSchema)
  return async (values, context, options) => {
    const result = await checkFields(values, context, options)
    const units = orderUnitsOf(values.service)
    const wrong = units?.length ? orderProblem(units, values) : null
    if (wrong) {
      return { values: {}, errors: { ...result.errors, [wrong.field]: { type: 'order', message: wrong.problem } } }
    }
    if (Object.keys(result.errors).length > 0 || units?.length !== 0) return result
    // Checked: the values are the schema's output.
    return { values: { ...(result.values as RequestFormOutput), quantity: '', unit: '' }, errors: {} }
  }
}

/** Whether two attempts send the same request (then they share one Idempotency-Key). */
export function sameRequest(a: RequestFormOutput, b: RequestFormOutput): boolean {
  return JSON.stringify(a) === JSON.stringify(b)
}

export function isFormField(path: string): path is FormField {
  return (FORM_FIELDS as readonly string[]).includes(path.split('.')[0]!)
}

/** The form's field a server's issue path names ("photo.data" is the photo). */
export function formFieldOf(path: string): FormField | undefined {
  const head = path.split('.')[0]!
  if (head === 'location') return 'address'
  // The order's refusal (decision 069): `order.unit`, else its quantity.
  if (head === 'order') return path === 'order.unit' ? 'unit' : 'quantity'
  return isFormField(head) ? (head as FormField) : undefined
}
