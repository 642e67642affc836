import { endpoints } from '@townworks/contract'
import type { FastifyInstance } from 'fastify'
import { ctxOf } from '../../http/ctx'
import { route } from '../../http/route'
import * as jobsService from './jobs.service'

/** The office's job page and pickers, and the worker's My jobs: read-only compositions of the other modules. */
export async function jobsRoutes(app: FastifyInstance): Promise<void> {
  const deps: jobsService.JobsDeps = { commissionBps: app.config.PLATFORM_COMMISSION_BPS }
  route(app, endpoints.job, async (req) => jobsService.getJob(ctxOf(req), deps, req.params.taskId))
  route(app, endpoints.assignmentSummaries, async (req) => jobsService.listAssignmentSummaries(ctxOf(req), req.query))
  route(app, endpoints.taskSummaries, async (req) => jobsService.listTaskSummaries(ctxOf(req), req.query))
  route(app, endpoints.myJobs, async (req) => jobsService.listMyJobs(ctxOf(req), deps))
}
