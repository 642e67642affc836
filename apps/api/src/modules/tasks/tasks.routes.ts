import { endpoints } from '@townworks/contract'
import type { FastifyInstance } from 'fastify'
import { ctxOf } from '../../http/ctx'
import { route } from '../../http/route'
import * as tasksService from './tasks.service'

export async function tasksRoutes(app: FastifyInstance): Promise<void> {
  route(app, endpoints.taskStatuses, async () => tasksService.listStatuses())
  route(app, endpoints.taskIds, async (req) => tasksService.listTaskIds(ctxOf(req)))
  // The same history for every caller allowed to read it: cached until its tables change (decision 014).
  route(app, endpoints.workflow, async (req) => tasksService.getWorkflow(ctxOf(req), req.params.taskId), {
    cache: { tables: tasksService.WORKFLOW_READ, max: 20_000 },
  })
  route(app, endpoints.updateStatus, async (req) =>
    tasksService.changeTaskStatus(ctxOf(req), { ...req.body, taskId: req.params.task_id }),
  )
}
