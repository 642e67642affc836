import { z } from 'zod'
import { MAX_AMOUNT_PAISE, normalizeIndianMobile } from './constants'
export { INDIAN_MOBILE, normalizeIndianMobile } from './constants'

/** A calendar date on the wire: yyyy-MM-dd. */
export const DateSchema = z.iso.date({ error: 'Use a date in the form yyyy-MM-dd' })

/** A time of day on the wire: HH:MM:SS (HH:MM accepted on input). */
export const TimeSchema = z
  .string()
  .regex(/^([01]\d|2[0-3]):[0-5]\d(:[0-5]\d)?$/, { error: 'Use a time in the form HH:MM' })
  .transform((t) => (t.length === 5 ? `${t}:00` : t))

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

/** Money is always integer paise, at most MAX_AMOUNT_PAISE (₹1 crore): what the database's columns hold. */
export const PaiseSchema = z
  .number()
  .int()
  .nonnegative()
  .max(MAX_AMOUNT_PAISE, { error: 'The amount can be at most ₹1,00,00,000 (one crore)' })

/** Paging for list routes; the seed's calls without parameters get the first page. */
export const PageQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(200).default(50),
})
