import type { z } from 'zod'
import type { Access } from './constants'

export { buildPath, isAllowed, STAFF } from './constants'
export type { Access } from './constants'

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'

export interface Endpoint {
  readonly method: HttpMethod
  /** Fastify-style path: `/api/workflow/:taskId`. */
  readonly path: string
  readonly access: Access
  readonly summary: string
  readonly tag: string
  readonly params?: z.ZodType
  readonly query?: z.ZodType
  readonly body?: z.ZodType
  readonly response: z.ZodType
  /**
   * A public endpoint that checks a credential of its own (the refresh cookie; GET /metrics' bearer
   * METRICS_TOKEN) answers 401 without it.
   */
  readonly ownCredential?: 'refresh-cookie' | 'metrics-token'
  /**
   * Callable by a session whose account must choose a new password first (a one-time password);
   * every other endpoint that needs a login answers 403 PASSWORD_CHANGE_REQUIRED to such a session.
   */
  readonly beforePasswordChange?: true
  /**
   * The endpoint reads an `Idempotency-Key` header (IDEMPOTENCY_KEY_HEADER, checked by
   * IdempotencyKeySchema): a repeat with the same key is done once. `required` refuses a call without one.
   * The API parses it once, in route(), and the OpenAPI document shows it.
   */
  readonly idempotencyKey?: 'optional' | 'required'
  /** The largest body the endpoint takes, in bytes, when more than the API's default (64 KB). */
  readonly bodyLimit?: number
  /**
   * The answer is a text/event-stream that stays open (GET /api/board/events): a client reads it as
   * it comes (EventSource), and a test reads its status and headers, then lets go.
   */
  readonly eventStream?: true
  /** Success status; 200 unless said. */
  readonly status?: 200 | 201 | 202 | 204
}

/** Declare an endpoint, keeping its literal types. */
export function endpoint<const E extends Endpoint>(e: E): E {
  return e
}
