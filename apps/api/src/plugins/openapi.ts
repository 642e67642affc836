import swagger from '@fastify/swagger'
import swaggerUi from '@fastify/swagger-ui'
import { IDEMPOTENCY_KEY_HEADER, IdempotencyKeySchema, isAllowed, STAFF } from '@townworks/contract'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import fp from 'fastify-plugin'
import { jsonSchemaTransform } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { AppError } from '../shared/app-error'

const IDEMPOTENCY_KEY = {
  ...z.toJSONSchema(IdempotencyKeySchema, { io: 'input', unrepresentable: 'any' }),
  description: `${IDEMPOTENCY_KEY_HEADER}: one key per request you mean to make; a repeat with the same key is done once`,
}

/** The contract's schemas as JSON Schema, plus the `Idempotency-Key` header of the endpoints that declare one. */
const withIdempotencyKey: typeof jsonSchemaTransform = (input) => {
  const out = jsonSchemaTransform(input)
  const rule = input.route.config?.idempotencyKey
  if (!rule) return out
  const headers = {
    type: 'object',
    properties: { 'idempotency-key': IDEMPOTENCY_KEY },
    required: rule === 'required' ? ['idempotency-key'] : [],
  }
  return { ...out, schema: { ...out.schema, headers } }
}

/**
 * The OpenAPI document, generated from the contract's zod schemas, served at /api/docs. With
 * `access: 'staff'` (production's default, API_DOCS) the pages and the document answer 401 to a
 * visitor and 403 to a customer or worker; operators and admins read them after login. Registered
 * after the auth plugin, whose hook says who is calling.
 */
export const openApiPlugin = fp(async (app: FastifyInstance, opts: { access: 'public' | 'staff' }) => {
  await app.register(swagger, {
    openapi: {
      info: {
        title: 'TownWorks API',
        description: 'Book home and construction services in Armoor, Nizamabad and Nirmal.',
        version: '0.1.0',
      },
      components: {
        securitySchemes: {
          bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' },
          cookie: { type: 'apiKey', in: 'cookie', name: 'tw_access' },
        },
      },
    },
    transform: withIdempotencyKey,
  })
  const staffOnly = async (request: FastifyRequest) => {
    if (isAllowed(STAFF, request.user?.role)) return
    if (!request.user) throw new AppError('UNAUTHENTICATED', 'Please log in to read the API documentation')
    throw new AppError('FORBIDDEN', 'Only staff may read the API documentation')
  }
  await app.register(swaggerUi, {
    routePrefix: '/api/docs',
    ...(opts.access === 'staff' ? { uiHooks: { onRequest: staffOnly } } : {}),
  })
})
