import { endpoints } from '@townworks/contract'
import type { FastifyInstance } from 'fastify'
import { ctxOf } from '../../http/ctx'
import { route } from '../../http/route'
import * as workersService from './workers.service'

export async function workersRoutes(app: FastifyInstance): Promise<void> {
  route(app, endpoints.workerServices, async (req) => workersService.listWorkerServices(ctxOf(req)))
  route(app, endpoints.workerSuggestions, async (req) => workersService.suggestWorkers(ctxOf(req), req.query))
  route(app, endpoints.skilledWorkers, async (req) => workersService.listSkilledWorkers(ctxOf(req)))
}
