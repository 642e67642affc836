import type { FastifyServerOptions } from 'fastify'

type LoggerOptions = Exclude<FastifyServerOptions['logger'], boolean | undefined>

/**
 * An Indian mobile number as people write it (9848012345, +91 98480 12345, 09848012345), not
 * part of a longer run of letters or digits (a timestamp, a hash).
 */
const INDIAN_MOBILE_IN_TEXT =
  /(?<![0-9A-Za-z])(\+?91[\s-]?|0)?([6-9]\d{3})[\s-]?(\d)[\s-]?(\d{3})(\d{2})(?![0-9A-Za-z])/g

/** Every Indian mobile number in a text masked but its last two digits: `+91 98480 12345` → `+91********45`. */
export function maskPhoneNumbers(text: string): string {
  return text.replace(INDIAN_MOBILE_IN_TEXT, (_match, prefix: string | undefined, _a, _b, _c, last: string) => {
    const country = prefix && prefix !== '0' ? '+91' : ''
    return `${country}********${last}`
  })
}

/**
 * Fields of database and driver errors that carry the caller's values: the statement's parameters,
 * the statement itself (Drizzle's), and PostgreSQL's DETAIL (`Key (phone)=(+91…) already exists`).
 */
const WITHHELD = new Set(['query', 'params', 'parameters', 'detail', 'where', 'internalQuery', 'hint', 'raw'])

interface SerializedError {
  type: string
  message: string
  stack?: string
  cause?: SerializedError
  [key: string]: unknown
}

function isErrorLike(value: unknown): value is Error {
  return typeof value === 'object' && value !== null && typeof (value as Error).message === 'string'
}

/**
 * The log's `err` serializer: type, message, stack, SQLSTATE and constraint of the error and its
 * causes — never a failed statement's parameters or text (Drizzle writes both into its message).
 */
export function serializeError(error: unknown, depth = 0): unknown {
  if (!isErrorLike(error)) return error
  const type = error.constructor?.name || error.name || 'Error'
  const withheld = 'params' in error || 'parameters' in error
  const message = withheld ? 'Failed query (the statement and its parameters are not logged)' : error.message
  const out: SerializedError = { type, message }
  if (typeof error.stack === 'string') {
    // The stack's first lines repeat the message; keep only the frames.
    const frames = error.stack.split('\n').filter((line) => /^\s+at /.test(line))
    out.stack = [`${type}: ${message}`, ...frames].join('\n')
  }
  for (const [key, value] of Object.entries(error)) {
    if (WITHHELD.has(key) || key === 'cause' || key === 'message' || key === 'stack') continue
    if (typeof value === 'function') continue
    out[key] = isErrorLike(value) ? serializeError(value, depth + 1) : value
  }
  if (error.cause !== undefined && depth < 5) out.cause = serializeError(error.cause, depth + 1) as SerializedError
  return out
}

/**
 * The server's logger: credentials redacted, errors without statement parameters, and every Indian
 * mobile number in a written line masked, whatever field or message it sits in.
 */
export function loggerOptions(level: string): LoggerOptions {
  return {
    level,
    redact: ['req.headers.authorization', 'req.headers.cookie', 'req.headers["x-razorpay-signature"]'],
    serializers: { err: (error) => serializeError(error) as SerializedError & { stack: string } },
    hooks: { streamWrite: maskPhoneNumbers },
  }
}
