import { type Endpoint, isAllowed } from '@townworks/contract'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import type { z } from 'zod'
import { AppError } from '../shared/app-error'

type Infer<T> = T extends z.ZodType ? z.output<T> : undefined

/** A request whose params, query and body are already parsed by the endpoint's contract schemas. */
export interface EndpointRequest<E extends Endpoint> extends FastifyRequest {
  params: Infer<E['params']>
  query: Infer<E['query']>
  body: Infer<E['body']>
}

export type EndpointHandler<E extends Endpoint> = (
  request: EndpointRequest<E>,
  reply: FastifyReply,
) => Promise<z.input<E['response']>>

/** Endpoints registered so far, for the route table tests and the OpenAPI document. */
export const REGISTERED = Symbol('townworks.registered-endpoints')

/**
 * Register one contract endpoint. The access rule is checked before any other work:
 * 401 without a valid session, 403 for a role that may not call it.
 */
export function route<E extends Endpoint>(app: FastifyInstance, endpoint: E, handler: EndpointHandler<E>): void {
  app.route({
    method: endpoint.method,
    url: endpoint.path,
    config: { access: endpoint.access },
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
      if (isAllowed(endpoint.access, request.user?.role)) return
      if (!request.user) throw new AppError('UNAUTHENTICATED', 'Please log in to continue')
      throw new AppError('FORBIDDEN', 'Your account may not do this')
    },
    handler: async (request, reply) => {
      const result = await handler(request as EndpointRequest<E>, reply)
      if (endpoint.status) void reply.status(endpoint.status)
      return result
    },
  })
}
