import type { FastifyInstance } from 'fastify'

/** The notifications module's routes (its issue fills them in). */
export async function notificationsRoutes(_app: FastifyInstance): Promise<void> {}
