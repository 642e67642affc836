import type { ErrorCode, FieldIssue } from '@townworks/contract'

/** The HTTP status each error code answers with: one table, read by the error handler. */
export const STATUS_BY_CODE: Record<ErrorCode, number> = {
  VALIDATION_FAILED: 400,
  UNAUTHENTICATED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  METHOD_NOT_ALLOWED: 405,
  CONFLICT: 409,
  DOUBLE_BOOKING: 409,
  INVALID_TRANSITION: 409,
  STALE_STATUS: 409,
  MONEY_NOT_RECORDED: 409,
  DUPLICATE_USER: 409,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  TOO_MANY_ATTEMPTS: 429,
  CROSS_SITE_REQUEST: 403,
  PASSWORD_CHANGE_REQUIRED: 403,
  CODE_WRONG: 400,
  CODE_EXPIRED: 410,
  CODE_TRIES_USED: 410,
  STAFF_PASSWORD_REQUIRED: 403,
  SECOND_STEP_REQUIRED: 403,
  PHONE_IN_USE: 409,
  START_CODE_REQUIRED: 409,
  RATING_NOT_OPEN: 409,
  IDEMPOTENCY_KEY_REUSED: 409,
  AMOUNT_CHANGED: 409,
  SERVICE_UNAVAILABLE: 503,
  INTERNAL: 500,
}

/** An error meant for the caller: a code, a human message, and optional field issues or details. */
export class AppError extends Error {
  override name = 'AppError'
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly extra: { issues?: FieldIssue[]; details?: Record<string, unknown>; headers?: Record<string, string> } = {},
  ) {
    super(message)
  }

  get statusCode(): number {
    return STATUS_BY_CODE[this.code]
  }
}

export const notFound = (what: string) => new AppError('NOT_FOUND', `${what} was not found`)
export const forbidden = (message = 'You may not do this') => new AppError('FORBIDDEN', message)
export const unauthenticated = (message = 'Please log in') => new AppError('UNAUTHENTICATED', message)
export const invalidInput = (path: string, message: string) =>
  new AppError('VALIDATION_FAILED', message, { issues: [{ path, message }] })

/** The SQLSTATE of a PostgreSQL error, looking through driver and ORM wrappers. */
export function pgErrorCode(error: unknown): string | undefined {
  let current: unknown = error
  for (let depth = 0; depth < 5 && current; depth++) {
    const code = (current as { code?: unknown }).code
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code
    current = (current as { cause?: unknown }).cause
  }
  return undefined
}

/** The constraint a PostgreSQL error names, looking through wrappers. */
export function pgConstraint(error: unknown): string | undefined {
  let current: unknown = error
  for (let depth = 0; depth < 5 && current; depth++) {
    const constraint = (current as { constraint?: unknown }).constraint
    if (typeof constraint === 'string') return constraint
    current = (current as { cause?: unknown }).cause
  }
  return undefined
}
