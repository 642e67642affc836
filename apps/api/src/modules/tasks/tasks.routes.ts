import { endpoints } from '@townworks/contract'
import type { FastifyInstance } from 'fastify'
import { answeredOnce } from '../../http/answer-once'
import { ctxOf } from '../../http/ctx'
import { route } from '../../http/route'
import { taskIdsResponse, taskStatusesResponse } from './tasks.legacy'
import * as tasksService from './tasks.service'

export async function tasksRoutes(app: FastifyInstance): Promise<void> {
  route(app, endpoints.taskStatuses, async () => taskStatusesResponse(tasksService.listStatuses()))
  route(app, endpoints.taskIds, async (req) => taskIdsResponse(await tasksService.listTaskIds(ctxOf(req))))
  // The same history for every caller allowed to read it: cached until its tables change (decision 014).
  route(app, endpoints.workflow, async (req) => tasksService.getWorkflow(ctxOf(req), req.params.taskId), {
    cache: { tables: tasksService.WORKFLOW_READ, max: 20_000 },
  })
  // A move sent with an Idempotency-Key (a worker's phone, sending again what it queued offline) is made
  // once; a retry gets the same answer, a wrong start code's refusal included (decision 064).
  route(
    app,
    endpoints.updateStatus,
    answeredOnce(endpoints.updateStatus, (ctx, req) =>
      tasksService.changeTaskStatus(ctx, {
        taskId: req.params.task_id,
        status: req.body.status,
        // The wire's `expected_status`, or its earlier spelling that shipped clients still send.
        expectedStatus: req.body.expected_status ?? req.body.expectedStatus,
        reason: req.body.reason,
      }),
    ),
  )
  route(
    app,
    endpoints.startTask,
    answeredOnce(endpoints.startTask, (ctx, req) =>
      tasksService.startWithCode(ctx, {
        taskId: req.params.task_id,
        code: req.body.start_code,
        expectedStatus: req.body.expected_status,
      }),
    ),
  )
}
