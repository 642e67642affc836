import { endpoints } from '@townworks/contract'
import type { FastifyInstance } from 'fastify'
import { route } from '../../http/route'
import { ctxOf } from '../../http/ctx'
import * as tasksService from './tasks.service'

export async function tasksRoutes(app: FastifyInstance): Promise<void> {
  route(app, endpoints.taskStatuses, async () => tasksService.listStatuses())
  route(app, endpoints.taskIds, async (req) => tasksService.listTaskIds(ctxOf(req)))
}
