import { endpoints } from '@townworks/contract'
import type { FastifyInstance } from 'fastify'
import { ctxOf } from '../../http/ctx'
import { sendCsv } from '../../http/csv-reply'
import { route } from '../../http/route'
import * as notificationsService from './notifications.service'

/** The notifications module's routes: the seed's send call, the outbox, and a person's opt-outs. */
export async function notificationsRoutes(app: FastifyInstance): Promise<void> {
  route(app, endpoints.sendWhatsapp, async (req) =>
    notificationsService.sendTypedMessage(ctxOf(req), req.body, req.idempotencyKey),
  )
  route(app, endpoints.notifications, async (req) => notificationsService.listNotifications(ctxOf(req), req.query))
  route(app, endpoints.exportNotifications, async (req, reply) =>
    sendCsv(reply, 'outbox.csv', notificationsService.exportNotifications(ctxOf(req), req.query)),
  )
  route(app, endpoints.notificationSettings, async (req) => notificationsService.getSettings(ctxOf(req)))
  route(app, endpoints.notification, async (req) => notificationsService.getNotification(ctxOf(req), req.params.id))
  route(app, endpoints.retryNotification, async (req) =>
    notificationsService.retryNotification(ctxOf(req), req.params.id),
  )
  route(app, endpoints.myNotifications, async (req) => notificationsService.getMyPreferences(ctxOf(req)))
  route(app, endpoints.updateMyNotifications, async (req) =>
    notificationsService.updateMyPreferences(ctxOf(req), req.body),
  )
}
