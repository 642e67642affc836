import { endpoints } from '@townworks/contract'
import type { FastifyInstance } from 'fastify'
import { ctxOf } from '../../http/ctx'
import { route } from '../../http/route'
import * as photoStorageService from '../photo-storage/photo-storage.service'
import * as taskPhotosService from './task-photos.service'

/** Photos of the finished work (issue 21, decision 057), their bytes in the configured photo storage. */
export async function taskPhotosRoutes(app: FastifyInstance): Promise<void> {
  const storage = photoStorageService.photoStorageFor(app.database.db, app.config)
  route(app, endpoints.addTaskPhoto, async (req) =>
    taskPhotosService.addTaskPhoto(ctxOf(req), storage, req.params.task_id, req.body, req.idempotencyKey),
  )
  route(app, endpoints.taskPhotos, async (req) => taskPhotosService.listTaskPhotos(ctxOf(req), req.params.task_id))
  // The image itself, for an <img>: sent as its bytes (not through the JSON serializer), typed by the
  // stored type, never sniffed as anything else, kept by the browser: a photo never changes.
  route(app, endpoints.taskPhotoImage, async (req, reply) => {
    const photo = await taskPhotosService.taskPhotoImage(ctxOf(req), storage, req.params.id)
    void reply
      .type(photo.type)
      .header('cache-control', taskPhotosService.PHOTO_CACHE_CONTROL)
      .header('x-content-type-options', 'nosniff')
      .header('content-disposition', 'inline')
    return photo.bytes as never
  })
  route(app, endpoints.deleteTaskPhoto, async (req) =>
    taskPhotosService.deleteTaskPhoto(ctxOf(req), storage, req.params.id),
  )
}
