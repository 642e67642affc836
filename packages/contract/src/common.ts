import { z } from 'zod'
import { MAX_AMOUNT_PAISE, normalizeIndianMobile } from './constants'
import { PHOTO_TYPES } from './request-details'
export { INDIAN_MOBILE, normalizeIndianMobile } from './constants'

// Text typed by a person never holds C0 control characters (NUL among them: PostgreSQL refuses it
// in text, 22021), DEL, or half of a UTF-16 surrogate pair. Tab, newline and carriage return are
// allowed only where the field is multi-line.
// eslint-disable-next-line no-control-regex
const CONTROL_CHARACTERS = /[\u0000-\u001F\u007F]/
// eslint-disable-next-line no-control-regex
const CONTROL_CHARACTERS_EXCEPT_LINES = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?:^|[^\uD800-\uDBFF])[\uDC00-\uDFFF]/

export const CONTROL_CHARACTER_ERROR = 'Remove the control characters (invisible symbols) from this text'

/** Whether a text is free of control characters (tab and line breaks allowed when multi-line) and lone surrogates. */
export function isCleanText(value: string, options: { multiline?: boolean } = {}): boolean {
  const control = options.multiline ? CONTROL_CHARACTERS_EXCEPT_LINES : CONTROL_CHARACTERS
  return !control.test(value) && !LONE_SURROGATE.test(value)
}

/**
 * The one rule for every text field of every body, query and path parameter: a string with no
 * control characters and no lone surrogates (`multiline` allows tab, newline and carriage return).
 * Chain `.trim()`, `.min()`, `.max()`, `.regex()` on it as on `z.string()`.
 */
export function text(options: { multiline?: boolean; error?: string } = {}) {
  return z
    .string(options.error ? { error: options.error } : undefined)
    .refine((v) => isCleanText(v, options), { error: CONTROL_CHARACTER_ERROR, abort: true })
}

/** A calendar date on the wire: yyyy-MM-dd. */
export const DateSchema = z.iso.date({ error: 'Use a date in the form yyyy-MM-dd' })

/** A time of day on the wire: HH:MM:SS (HH:MM accepted on input). */
export const TimeSchema = text()
  .regex(/^([01]\d|2[0-3]):[0-5]\d(:[0-5]\d)?$/, { error: 'Use a time in the form HH:MM' })
  .transform((t) => (t.length === 5 ? `${t}:00` : t))

export const IndianMobileSchema = text()
  .trim()
  .max(20)
  .refine((v) => normalizeIndianMobile(v) !== undefined, {
    error: 'Enter a 10-digit Indian mobile number',
  })

/** The largest id PostgreSQL's integer (int4) holds. */
export const MAX_ID = 2_147_483_647

/** An id as text: plain decimal digits, no sign, no leading zero, no hex, exponent, space or fraction. */
export const ID_PATTERN = /^[1-9][0-9]{0,9}$/
const ID_ERROR = 'Use an id of digits only, like 12'

/**
 * A positive integer id in a path, a query string or a body: a JSON number, or plain decimal
 * digits (`31`, never `0x1F`, `3.1e1`, ` 31` or `31.0`), at most PostgreSQL's int4.
 */
export const IdSchema = z.union(
  [
    z.number().int().positive().max(MAX_ID),
    z
      .string()
      .regex(ID_PATTERN, { error: ID_ERROR })
      .transform(Number)
      .pipe(z.number().max(MAX_ID, { error: ID_ERROR })),
  ],
  { error: ID_ERROR },
)

/** A positive integer id in a path or query string (see IdSchema). */
export const IdParamSchema = IdSchema

export const MessageResponseSchema = z.object({ message: z.string() })

/**
 * A table exported as a file (decision 045): `text/csv; charset=utf-8`, a UTF-8 byte-order mark, a
 * header row, CRLF lines, RFC 4180 quoting; a cell that starts with = + - @, tab or CR (and is not a
 * plain number) starts with an apostrophe instead, so a spreadsheet shows it rather than running it.
 * Every row the list's filters keep, streamed: paging (page, pageSize) does not apply.
 */
export const CsvFileSchema = z.string().meta({ description: 'CSV, UTF-8 with a byte-order mark' })
/** An image the API sends as itself (for an <img>): its bytes, typed by the Content-Type header. */
export const ImageFileSchema = z.string().meta({ description: 'The image bytes: PNG, JPEG or WebP' })
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

/** A person's name, as the request form, a new number's account and the profile take it. */
export const PersonNameSchema = text()
  .trim()
  .min(2, { error: 'Type your name' })
  .max(80, { error: 'Keep the name to 80 characters' })

/** The length of the base64 text of a photo of `maxBytes`. */
export const base64Length = (maxBytes: number) => Math.ceil(maxBytes / 3) * 4

/**
 * A photo sent as base64 inside a JSON body: a JPEG, PNG or WebP of at most `maxBytes` (the server
 * checks the bytes are what the type says: 415 otherwise). The request's photo, a photo of the work,
 * a worker's photo.
 */
export function photoUploadSchema(maxBytes: number) {
  return z.strictObject({
    type: z.enum(PHOTO_TYPES, { error: 'Send a JPEG, PNG or WebP photo' }),
    data: z
      .string()
      .min(8, { error: 'The photo is empty' })
      .max(base64Length(maxBytes), { error: `The photo may be at most ${maxBytes / 1024} KB` })
      .regex(/^[A-Za-z0-9+/]+={0,2}$/, { error: 'Send the photo as base64' }),
  })
}
