import { endpoints } from '@townworks/contract'
import type { FastifyInstance } from 'fastify'
import { ctxOf } from '../../http/ctx'
import { route } from '../../http/route'
import * as tasksService from './tasks.service'

export async function tasksRoutes(app: FastifyInstance): Promise<void> {
  route(app, endpoints.taskStatuses, async () => tasksService.listStatuses())
  route(app, endpoints.taskIds, async (req) => tasksService.listTaskIds(ctxOf(req)))
  route(app, endpoints.workflow, async (req) => tasksService.getWorkflow(ctxOf(req), req.params.taskId))
  route(app, endpoints.updateStatus, async (req) =>
    tasksService.changeTaskStatus(ctxOf(req), { ...req.body, taskId: req.params.task_id }),
  )
}
