import { endpoints } from '@townworks/contract'
import type { FastifyInstance } from 'fastify'
import { ctxOf } from '../../http/ctx'
import { route } from '../../http/route'
import * as dashboardService from './dashboard.service'

/** The office's dashboard: today's counts and the charts (not cached: "today" and "overdue" move with the clock). */
export async function dashboardRoutes(app: FastifyInstance): Promise<void> {
  route(app, endpoints.dashboardToday, async (req) => dashboardService.getToday(ctxOf(req)))
  route(app, endpoints.dashboardCharts, async (req) => dashboardService.getCharts(ctxOf(req), req.query))
}
