import { normalizeIndianMobile, SERVICES, TOWNS } from '@townworks/contract/constants'
import { z } from 'zod'
import { todayInKolkata } from '../../../lib/format'

// Messages are keys of requests.json (form.errors.*): the form translates them when it shows them.
export const FORM_FIELDS = ['name', 'phone', 'email', 'service', 'town', 'service_date'] as const
export type FormField = (typeof FORM_FIELDS)[number]

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
  service: z.string().pipe(z.enum(SERVICES, { error: 'serviceRequired' })),
  town: z.string().pipe(z.enum(TOWNS, { error: 'townRequired' })),
  service_date: z
    .string()
    .min(1, { error: 'dateRequired' })
    .refine((d) => /^\d{4}-\d{2}-\d{2}$/.test(d) && !Number.isNaN(Date.parse(d)), { error: 'dateInvalid', abort: true })
    .refine((d) => d >= todayInKolkata(), { error: 'datePast' }),
})

/** What the form holds while typing: selects may be empty. */
export interface RequestFormValues {
  name: string
  phone: string
  email: string
  service: string
  town: string
  service_date: string
}

export type RequestFormOutput = z.output<typeof RequestFormSchema>

export function emptyForm(contact?: {
  name?: string
  phone?: string | null
  email?: string | null
}): RequestFormValues {
  return {
    name: contact?.name ?? '',
    phone: contact?.phone ?? '',
    email: contact?.email ?? '',
    service: '',
    town: '',
    service_date: '',
  }
}

/** Whether two attempts send the same request (then they share one Idempotency-Key). */
export function sameRequest(a: RequestFormOutput, b: RequestFormOutput): boolean {
  return FORM_FIELDS.every((f) => a[f] === b[f])
}

export function isFormField(path: string): path is FormField {
  return (FORM_FIELDS as readonly string[]).includes(path)
}
