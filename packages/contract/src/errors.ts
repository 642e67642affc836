import { z } from 'zod'

/** Error codes the API answers; the client branches on these, never on message text. */
export const ERROR_CODES = [
  'VALIDATION_FAILED',
  'UNAUTHENTICATED',
  'FORBIDDEN',
  'NOT_FOUND',
  'METHOD_NOT_ALLOWED',
  'CONFLICT',
  'DOUBLE_BOOKING',
  'INVALID_TRANSITION',
  'STALE_STATUS',
  'MONEY_NOT_RECORDED',
  'DUPLICATE_USER',
  'TOO_MANY_ATTEMPTS',
  'PAYLOAD_TOO_LARGE',
  'UNSUPPORTED_MEDIA_TYPE',
  'CROSS_SITE_REQUEST',
  'PASSWORD_CHANGE_REQUIRED',
  'SERVICE_UNAVAILABLE',
  'INTERNAL',
] as const
export const ErrorCodeSchema = z.enum(ERROR_CODES)
export type ErrorCode = z.infer<typeof ErrorCodeSchema>

export const FieldIssueSchema = z.object({
  path: z.string(),
  message: z.string(),
})
export type FieldIssue = z.infer<typeof FieldIssueSchema>

/** Every error answer: a human message, a code, and for validation errors the field issues. */
export const ErrorBodySchema = z.object({
  message: z.string(),
  code: ErrorCodeSchema,
  issues: z.array(FieldIssueSchema).optional(),
  details: z.record(z.string(), z.unknown()).optional(),
})
export type ErrorBody = z.infer<typeof ErrorBodySchema>
