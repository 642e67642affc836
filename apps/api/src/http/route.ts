import { type Endpoint, IDEMPOTENCY_KEY_HEADER, IdempotencyKeySchema, isAllowed } from '@townworks/contract'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { serializerCompiler } from 'fastify-type-provider-zod'
import type { z } from 'zod'
import { AppError, invalidInput } from '../shared/app-error'
import { encodeKeptBody, type KeptBody } from '../shared/content-encoding'

type Infer<T> = T extends z.ZodType ? z.output<T> : undefined
type IdempotencyKeyOf<E extends Endpoint> = E['idempotencyKey'] extends 'required'
  ? string
  : E['idempotencyKey'] extends 'optional'
    ? string | undefined
    : undefined

/** A request whose params, query and body are already parsed by the endpoint's contract schemas. */
export interface EndpointRequest<E extends Endpoint> extends FastifyRequest {
  params: Infer<E['params']>
  query: Infer<E['query']>
  body: Infer<E['body']>
  /** The `Idempotency-Key` header, checked once by route() for an endpoint that declares one. */
  idempotencyKey: IdempotencyKeyOf<E>
}

export type EndpointHandler<E extends Endpoint> = (
  request: EndpointRequest<E>,
  reply: FastifyReply,
) => Promise<z.input<E['response']>>

/**
 * A read whose answer is the same for every caller the access rule lets in, kept as its serialized
 * JSON until one of `tables` changes in any process (decision 014). `key` names the variant
 * (defaults to the path with its query).
 */
export interface CachedRead<E extends Endpoint> {
  tables: readonly string[]
  key?: (request: EndpointRequest<E>) => string
  max?: number
}

/** Endpoints registered so far, for the route table tests and the OpenAPI document. */
export const REGISTERED = Symbol('townworks.registered-endpoints')

/**
 * Register one contract endpoint. The access rule is checked before any other work:
 * 401 without a valid session, 403 for a role that may not call it.
 */
export function route<E extends Endpoint>(
  app: FastifyInstance,
  endpoint: E,
  handler: EndpointHandler<E>,
  options: { cache?: CachedRead<E> } = {},
): void {
  const answer = options.cache ? cachedAnswer(app, endpoint, handler, options.cache) : handler
  app.route({
    method: endpoint.method,
    url: endpoint.path,
    config: { access: endpoint.access, idempotencyKey: endpoint.idempotencyKey },
    // A call that takes no body needs no room for one.
    ...(endpoint.body ? (endpoint.bodyLimit ? { bodyLimit: endpoint.bodyLimit } : {}) : { bodyLimit: 1024 }),
    schema: {
      summary: endpoint.summary,
      tags: [endpoint.tag],
      ...(endpoint.params ? { params: endpoint.params } : {}),
      ...(endpoint.query ? { querystring: endpoint.query } : {}),
      ...(endpoint.body ? { body: endpoint.body } : {}),
      response: { [endpoint.status ?? 200]: endpoint.response },
    },
    // onRequest runs before the body is read or validated: an unauthorised caller learns nothing about the input.
    onRequest: async (request) => {
      if (!isAllowed(endpoint.access, request.user?.role)) {
        if (!request.user) throw new AppError('UNAUTHENTICATED', 'Please log in to continue')
        throw new AppError('FORBIDDEN', 'Your account may not do this')
      }
      // A one-time password: the session may only choose a new one (and read who it is) first.
      if (request.user?.mustChangePassword && endpoint.access !== 'public' && !endpoint.beforePasswordChange) {
        throw new AppError('PASSWORD_CHANGE_REQUIRED', 'Please choose a new password before you continue')
      }
    },
    handler: async (request, reply) => {
      const req = request as EndpointRequest<E>
      // After the body's validation, like the body's own errors; undefined for an endpoint without the header.
      ;(req as { idempotencyKey?: string }).idempotencyKey = endpoint.idempotencyKey
        ? idempotencyKeyOf(request, endpoint.idempotencyKey)
        : undefined
      const result = await answer(req, reply)
      if (endpoint.status) void reply.status(endpoint.status)
      return result
    },
  })
}

/** The `Idempotency-Key` header as the contract allows it: 400 when malformed, or when missing and required. */
function idempotencyKeyOf(request: FastifyRequest, rule: 'optional' | 'required'): string | undefined {
  const header = request.headers['idempotency-key']
  if (header === undefined) {
    if (rule === 'optional') return undefined
    throw invalidInput(IDEMPOTENCY_KEY_HEADER, 'Send an Idempotency-Key header, so that a retry is done only once')
  }
  const parsed = IdempotencyKeySchema.safeParse(header)
  if (!parsed.success) {
    throw invalidInput(IDEMPOTENCY_KEY_HEADER, 'Send 8 to 128 letters, digits, - or _ as the Idempotency-Key')
  }
  return parsed.data
}

/**
 * The handler behind a cache of serialized answers: a hit costs no query, no serialization and,
 * for a client that accepts compression (every browser), no compression either.
 */
function cachedAnswer<E extends Endpoint>(
  app: FastifyInstance,
  endpoint: E,
  handler: EndpointHandler<E>,
  cache: CachedRead<E>,
): EndpointHandler<E> {
  const serialize = serializerCompiler({
    schema: endpoint.response,
    method: endpoint.method,
    url: endpoint.path,
    httpStatus: String(endpoint.status ?? 200),
  }) as (data: unknown) => string
  const bodies = app.readCache<KeptBody>({
    name: `${endpoint.method} ${endpoint.path}`,
    tables: cache.tables,
    max: cache.max,
  })
  const keyOf = cache.key ?? ((request: FastifyRequest) => request.url)
  return async (request, reply) => {
    const body = await bodies.get(keyOf(request), async () => ({ text: serialize(await handler(request, reply)) }))
    void reply.type('application/json; charset=utf-8').header('vary', 'accept-encoding')
    const { encoding, payload } = encodeKeptBody(body, request.headers['accept-encoding'])
    if (encoding) void reply.header('content-encoding', encoding)
    // A string with a JSON content type is sent as it is: Fastify does not serialize it again.
    return payload as z.input<E['response']>
  }
}
