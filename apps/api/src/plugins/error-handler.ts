import type { ErrorBody, ErrorCode, FieldIssue } from '@townworks/contract'
import type { FastifyError, FastifyInstance } from 'fastify'
import fp from 'fastify-plugin'
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod'
import { databaseBusy, isDatabaseBusy } from '../db/transaction'
import { AppError, pgErrorCode, STATUS_BY_CODE } from '../shared/app-error'

const CODE_BY_STATUS: Record<number, ErrorCode> = {
  400: 'VALIDATION_FAILED',
  401: 'UNAUTHENTICATED',
  403: 'FORBIDDEN',
  404: 'NOT_FOUND',
  405: 'METHOD_NOT_ALLOWED',
  409: 'CONFLICT',
  413: 'PAYLOAD_TOO_LARGE',
  415: 'UNSUPPORTED_MEDIA_TYPE',
  429: 'TOO_MANY_ATTEMPTS',
}

function toBody(code: ErrorCode, message: string, issues?: FieldIssue[], details?: Record<string, unknown>): ErrorBody {
  return { message, code, ...(issues ? { issues } : {}), ...(details ? { details } : {}) }
}

/** One place that turns every error into `{ message, code, issues? }` with the right status; 5xx never leak details. */
export const errorHandlerPlugin = fp(async (app: FastifyInstance) => {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    // A deadlock, serialization failure or lock time-out that no retry absorbed: the database is
    // busy, the request was not wrong. 503 with Retry-After, never a 500.
    if (!(error instanceof AppError) && isDatabaseBusy(error)) {
      request.log.warn({ err: error }, 'database busy')
      const busy = databaseBusy(error)
      return reply
        .headers(busy.extra.headers ?? {})
        .status(busy.statusCode)
        .send(toBody(busy.code, busy.message))
    }
    if (error instanceof AppError) {
      if (error.extra.headers) void reply.headers(error.extra.headers)
      return reply
        .status(error.statusCode)
        .send(toBody(error.code, error.message, error.extra.issues, error.extra.details))
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const issues = error.validation.map((v) => {
        const where = error.validationContext ?? 'body'
        const field = v.instancePath.replace(/^\//, '').replace(/\//g, '.')
        // fastify-type-provider-zod puts the zod issue's own fields (here `keys`) in `params`.
        const keys = (v.params as { keys?: unknown }).keys
        const path =
          v.keyword === 'unrecognized_keys' && Array.isArray(keys)
            ? [field, keys.join(',')].filter(Boolean).join('.')
            : field || where
        return { path, message: v.message ?? 'Invalid value' }
      })
      const first = issues[0]
      const message = first ? `Invalid ${first.path}: ${first.message}` : 'Invalid input'
      return reply.status(400).send(toBody('VALIDATION_FAILED', message, issues))
    }
    if (isResponseSerializationError(error)) {
      request.log.error({ err: error, issues: error.cause.issues }, 'response does not match its contract schema')
      return reply.status(500).send(toBody('INTERNAL', 'Something went wrong on our side. Please try again.'))
    }
    const sqlState = pgErrorCode(error)
    // Values the schema let through but PostgreSQL refused: a data exception (class 22: too long, out
    // of range, a bad date, a NUL byte …) or a check constraint. Still the caller's input, never a 500.
    if (sqlState?.startsWith('22') || sqlState === '23514') {
      return reply.status(400).send(toBody('VALIDATION_FAILED', 'A value is out of range or not allowed'))
    }
    const status = error.statusCode ?? 500
    if (status >= 400 && status < 500) {
      const code = CODE_BY_STATUS[status] ?? 'VALIDATION_FAILED'
      const message =
        status === 400 && error.code === 'FST_ERR_CTP_INVALID_JSON_BODY'
          ? 'The request body is not valid JSON'
          : error.message || 'Bad request'
      return reply.status(STATUS_BY_CODE[code] === status ? status : status).send(toBody(code, message))
    }
    request.log.error({ err: error }, 'request failed')
    const unavailable = sqlState?.startsWith('08') || sqlState === '57P01'
    return reply
      .status(unavailable ? 503 : 500)
      .send(
        unavailable
          ? toBody('SERVICE_UNAVAILABLE', 'The service is busy or restarting. Please try again in a moment.')
          : toBody('INTERNAL', 'Something went wrong on our side. Please try again.'),
      )
  })
})
