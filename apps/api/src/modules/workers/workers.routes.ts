import { endpoints } from '@townworks/contract'
import type { FastifyInstance } from 'fastify'
import { ctxOf } from '../../http/ctx'
import { sendCsv } from '../../http/csv-reply'
import { route } from '../../http/route'
import * as photoStorageService from '../photo-storage/photo-storage.service'
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
  // The profile (issue 21, decision 059): the photo and languages, by the worker or staff.
  const storage = photoStorageService.photoStorageFor(app.database.db, app.config)
  route(app, endpoints.setWorkerPhoto, async (req) =>
    workersService.setWorkerPhoto(ctxOf(req), storage, req.params.id, req.body),
  )
  route(app, endpoints.deleteWorkerPhoto, async (req) =>
    workersService.deleteWorkerPhoto(ctxOf(req), storage, req.params.id),
  )
  route(app, endpoints.setWorkerLanguages, async (req) =>
    workersService.setWorkerLanguages(ctxOf(req), req.params.id, req.body),
  )
  // The photo itself, public as the profile it is on: its address changes with each new photo, so a
  // day in any cache is safe; a removed one stops answering here at once.
  route(app, endpoints.workerPhotoImage, async (req, reply) => {
    const photo = await workersService.workerPhotoImage(ctxOf(req), storage, req.params.id, req.params.name)
    void reply
      .type(photo.type)
      .header('cache-control', 'public, max-age=86400')
      .header('x-content-type-options', 'nosniff')
      .header('content-disposition', 'inline')
    return photo.bytes as never
  })
  route(app, endpoints.skilledWorkers, async (req) => workersService.listSkilledWorkers(ctxOf(req)), {
    cache: { tables: workersService.SKILLED_WORKERS_READ },
  })
}
