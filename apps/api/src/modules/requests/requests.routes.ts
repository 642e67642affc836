import type { FastifyInstance } from 'fastify'

/** The requests module's routes (its issue fills them in). */
export async function requestsRoutes(_app: FastifyInstance): Promise<void> {}
