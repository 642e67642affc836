import type { FastifyInstance } from 'fastify'
import fp from 'fastify-plugin'
import { AppError } from '../shared/app-error'

/**
 * JSON bodies must be well-formed UTF-8. Node would quietly turn invalid bytes (overlong forms like
 * C0 80 for NUL, encoded surrogates, stray continuation bytes) into U+FFFD and store that; here they
 * are refused with 400 before any parsing. The rest is Fastify's own JSON parser (prototype
 * poisoning refused).
 */
export const jsonBodyPlugin = fp(async (app: FastifyInstance) => {
  const parseJson = app.getDefaultJsonParser('error', 'error')
  app.removeContentTypeParser('application/json')
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (request, body, done) => {
    let decoded: string
    try {
      decoded = new TextDecoder('utf-8', { fatal: true }).decode(body as Buffer)
    } catch {
      done(new AppError('VALIDATION_FAILED', 'The request body is not valid UTF-8'), undefined)
      return
    }
    parseJson(request, decoded, done)
  })
})
