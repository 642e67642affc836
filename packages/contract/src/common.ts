import { z } from 'zod'

/** A calendar date on the wire: yyyy-MM-dd. */
export const DateSchema = z.iso.date({ error: 'Use a date in the form yyyy-MM-dd' })

/** A time of day on the wire: HH:MM:SS (HH:MM accepted on input). */
export const TimeSchema = z
  .string()
  .regex(/^([01]\d|2[0-3]):[0-5]\d(:[0-5]\d)?$/, { error: 'Use a time in the form HH:MM' })
  .transform((t) => (t.length === 5 ? `${t}:00` : t))

/** An Indian mobile number: 10 digits starting 6–9, optionally written with +91 or 0; spaces and dashes allowed. */
export const INDIAN_MOBILE = /^(?:\+?91|0)?[6-9]\d{9}$/

/** Normalise an Indian mobile number to E.164 (+91XXXXXXXXXX); undefined when it cannot be one. */
export function normalizeIndianMobile(input: string): string | undefined {
  const compact = input.replace(/[\s-]/g, '')
  if (!INDIAN_MOBILE.test(compact)) return undefined
  return `+91${compact.slice(-10)}`
}

export const IndianMobileSchema = z
  .string()
  .trim()
  .max(20)
  .refine((v) => normalizeIndianMobile(v) !== undefined, {
    error: 'Enter a 10-digit Indian mobile number',
  })

/** A positive integer id in a path or query string. */
export const IdParamSchema = z.coerce.number().int().positive().max(2_147_483_647)

export const MessageResponseSchema = z.object({ message: z.string() })
export type MessageResponse = z.infer<typeof MessageResponseSchema>

/** Money is always integer paise. */
export const PaiseSchema = z.number().int().nonnegative().max(10_000_000_000)

/** Paging for list routes; the seed's calls without parameters get the first page. */
export const PageQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(200).default(50),
})
