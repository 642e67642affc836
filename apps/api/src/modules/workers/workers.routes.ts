import { endpoints } from '@townworks/contract'
import type { FastifyInstance } from 'fastify'
import { ctxOf } from '../../http/ctx'
import { sendCsv } from '../../http/csv-reply'
import { route } from '../../http/route'
import * as workersService from './workers.service'

export async function workersRoutes(app: FastifyInstance): Promise<void> {
  // Hot reads, the same for every caller allowed in, are cached until their tables change (decision 014).
  route(app, endpoints.workerServices, async (req) => workersService.listWorkerServices(ctxOf(req), req.query), {
    cache: { tables: workersService.WORKER_SERVICE_ROWS_READ },
  })
  route(app, endpoints.exportWorkerServices, async (req, reply) =>
    sendCsv(reply, 'worker-services.csv', workersService.exportWorkerServices(ctxOf(req), req.query)),
  )
  route(app, endpoints.createWorker, async (req) => workersService.createWorker(ctxOf(req), req.body))
  route(app, endpoints.worker, async (req) => workersService.getWorker(ctxOf(req), req.params.worker_id))
  route(app, endpoints.updateWorker, async (req) =>
    workersService.updateWorker(ctxOf(req), req.params.worker_id, req.body),
  )
  route(app, endpoints.deleteWorker, async (req) => workersService.deleteWorker(ctxOf(req), req.params.worker_id))
  route(app, endpoints.workerAvailability, async (req) => workersService.getAvailability(ctxOf(req), req.params.id))
  route(app, endpoints.setWorkerAvailability, async (req) =>
    workersService.setAvailability(ctxOf(req), req.params.id, req.body),
  )
  route(app, endpoints.addToCart, async (req) => workersService.addToCart(ctxOf(req), req.body))
  route(app, endpoints.workerSuggestions, async (req) => workersService.suggestWorkers(ctxOf(req), req.query), {
    cache: { tables: workersService.FREE_WORKERS_READ },
  })
  route(app, endpoints.skilledWorkers, async (req) => workersService.listSkilledWorkers(ctxOf(req)), {
    cache: { tables: workersService.SKILLED_WORKERS_READ },
  })
}
