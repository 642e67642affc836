import type { FastifyInstance } from 'fastify'

/** The assignments module's routes (its issue fills them in). */
export async function assignmentsRoutes(_app: FastifyInstance): Promise<void> {}
