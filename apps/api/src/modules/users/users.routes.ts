import { endpoints } from '@townworks/contract'
import type { FastifyInstance } from 'fastify'
import { ctxOf } from '../../http/ctx'
import { route } from '../../http/route'
import * as usersService from './users.service'

export async function usersRoutes(app: FastifyInstance): Promise<void> {
  route(app, endpoints.adminUsers, async (req) => usersService.listUsers(ctxOf(req), req.query))
  route(app, endpoints.updateUser, async (req) => usersService.updateUser(ctxOf(req), req.params.id, req.body))
  route(app, endpoints.linkWorker, async (req) => usersService.linkWorker(ctxOf(req), req.params.id, req.body))
}
