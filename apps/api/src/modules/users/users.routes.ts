import { endpoints } from '@townworks/contract'
import type { FastifyInstance } from 'fastify'
import { ctxOf } from '../../http/ctx'
import { route } from '../../http/route'
import * as invitesService from './invites.service'
import * as usersService from './users.service'

export async function usersRoutes(app: FastifyInstance): Promise<void> {
  route(app, endpoints.adminUsers, async (req) => usersService.listUsers(ctxOf(req), req.query))
  route(app, endpoints.updateUser, async (req) => usersService.updateUser(ctxOf(req), req.params.id, req.body))
  // Audit: who reset whose password, who invited whom (a log line each; phone numbers are masked by the logger).
  route(app, endpoints.resetPassword, async (req) => {
    const answer = await usersService.resetPassword(ctxOf(req), req.params.id)
    req.log.info({ audit: 'password_reset', by: req.user?.id, user: req.params.id }, 'admin reset a password')
    return answer
  })
  route(app, endpoints.invite, async (req) => {
    const signInLink = `${app.config.PUBLIC_URL?.replace(/\/$/, '') ?? `${req.protocol}://${req.host}`}/login`
    const answer = await invitesService.invite(
      ctxOf(req),
      { perAdminHourly: app.config.INVITES_ADMIN_HOURLY, signInLink },
      req.body,
    )
    req.log.info(
      { audit: 'invite', by: req.user?.id, user: answer.user.id, role: answer.user.role },
      'admin invited a user',
    )
    return answer
  })
  route(app, endpoints.linkWorker, async (req) => usersService.linkWorker(ctxOf(req), req.params.id, req.body))
}
