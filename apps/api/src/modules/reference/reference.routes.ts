import { endpoints } from '@townworks/contract'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import { ctxOf } from '../../http/ctx'
import { route } from '../../http/route'
import * as referenceService from './reference.service'

/** Audit: which admin saved which town or service (a log line each). */
function audit(req: FastifyRequest, what: 'town' | 'service' | 'service_picture', id: number): void {
  req.log.info({ audit: what, by: req.user?.id, id }, `admin saved a ${what}`)
}

export async function referenceRoutes(app: FastifyInstance): Promise<void> {
  // Every screen with a choice of town or service reads these: cached until a row changes (decision 014).
  route(app, endpoints.towns, async (req) => referenceService.listTowns(ctxOf(req)), {
    cache: { tables: referenceService.TOWNS_READ },
  })
  route(app, endpoints.services, async (req) => referenceService.listServices(ctxOf(req)), {
    cache: { tables: referenceService.SERVICES_READ },
  })
  route(app, endpoints.servicePicture, async (req) => referenceService.getServicePicture(ctxOf(req), req.params.id))
  // The catalog's <img>: the bytes themselves, whose type was checked on upload (decision 027). Its
  // address in the service row carries the picture's version (?v=), so a browser may keep it a day.
  route(app, endpoints.servicePictureImage, async (req, reply) => {
    const picture = await referenceService.getServicePictureImage(ctxOf(req), req.params.id)
    void reply.type(picture.type).header('cache-control', 'public, max-age=86400')
    return picture.bytes as never
  })
  route(app, endpoints.createTown, async (req) => {
    const town = await referenceService.createTown(ctxOf(req), req.body)
    audit(req, 'town', town.id)
    return town
  })
  route(app, endpoints.updateTown, async (req) => {
    const town = await referenceService.updateTown(ctxOf(req), req.params.id, req.body)
    audit(req, 'town', town.id)
    return town
  })
  route(app, endpoints.createService, async (req) => {
    const service = await referenceService.createService(ctxOf(req), req.body)
    audit(req, 'service', service.id)
    return service
  })
  route(app, endpoints.updateService, async (req) => {
    const service = await referenceService.updateService(ctxOf(req), req.params.id, req.body)
    audit(req, 'service', service.id)
    return service
  })
  route(app, endpoints.setServicePicture, async (req) => {
    const service = await referenceService.setServicePicture(ctxOf(req), req.params.id, req.body)
    audit(req, 'service_picture', service.id)
    return service
  })
}
