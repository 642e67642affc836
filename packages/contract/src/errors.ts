import { z } from 'zod'
import { ERROR_CODES } from './constants'

export { ERROR_CODES }
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
