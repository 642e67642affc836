import { endpoints } from '@townworks/contract'
import type { FastifyInstance } from 'fastify'
import { ctxOf } from '../../http/ctx'
import { route } from '../../http/route'
import * as reviewsService from './reviews.service'

export async function reviewsRoutes(app: FastifyInstance): Promise<void> {
  route(app, endpoints.workerProfile, async (req) => reviewsService.workerProfile(ctxOf(req), req.params.worker_id))
  route(app, endpoints.rateTask, async (req) => reviewsService.rateTask(ctxOf(req), req.params.task_id, req.body))
  route(app, endpoints.hideReview, async (req) => reviewsService.hideReview(ctxOf(req), req.params.task_id, req.body))
  route(app, endpoints.showReview, async (req) => reviewsService.showReview(ctxOf(req), req.params.task_id))
}
