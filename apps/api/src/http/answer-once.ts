import type { Endpoint } from '@townworks/contract'
import type { z } from 'zod'
import { answerOnce, REPLAYED_HEADER } from '../modules/idempotency/idempotency.service'
import type { Ctx } from '../shared/context'
import { ctxOf } from './ctx'
import type { EndpointHandler, EndpointRequest } from './route'

/**
 * The handler of an endpoint that declares `idempotencyKey` but has no table of its own to hold it
 * (decision 064): with a key, `work` is done once per caller and key, and a retry gets the kept answer
 * (marked `Idempotent-Replayed: true`); without one, it is just done. `work` must use the context it is
 * given: its database is the transaction that keeps the answer.
 */
export function answeredOnce<E extends Endpoint>(
  endpoint: E,
  work: (ctx: Ctx, request: EndpointRequest<E>) => Promise<z.input<E['response']>>,
): EndpointHandler<E> {
  const name = `${endpoint.method} ${endpoint.path}`
  return async (request, reply) => {
    const key = (request as { idempotencyKey?: string }).idempotencyKey
    const keyed = key
      ? { endpoint: name, key, params: request.params, body: request.body, successStatus: endpoint.status ?? 200 }
      : undefined
    const { answer, replayed } = await answerOnce(ctxOf(request), keyed, (ctx) => work(ctx, request))
    if (replayed) void reply.header(REPLAYED_HEADER, 'true')
    return answer
  }
}
