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
  // One-time codes (issue 19): a wrong code (details.tries_left), a code that no longer works
  // (expired, used or replaced), a code whose tries are used up (a new code is needed).
  'CODE_WRONG',
  'CODE_EXPIRED',
  'CODE_TRIES_USED',
  // Staff never sign in by a code alone; staff who asked for a code after the password get this
  // from POST /api/login, with the challenge in details (SecondStepDetails).
  'STAFF_PASSWORD_REQUIRED',
  'SECOND_STEP_REQUIRED',
  // A number that is another account's (change of number, after its code was right).
  'PHONE_IN_USE',
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
