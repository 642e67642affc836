import type { DashboardCharts, DashboardChartsQuery, DashboardToday } from '@townworks/contract'
import type { Ctx } from '../../shared/context'
import * as dashboardRepository from './dashboard.repository'

/** GET /api/dashboard/today: the office's counts for today, each the total of one filtered list (decision 042). */
export async function getToday(ctx: Ctx): Promise<DashboardToday> {
  return dashboardRepository.todayCounts(ctx.database.db)
}

/** GET /api/dashboard/charts: the period's requests per day and its weeks' money, utilisation and time to assignment. */
export async function getCharts(ctx: Ctx, query: DashboardChartsQuery): Promise<DashboardCharts> {
  const db = ctx.database.db
  const [days, weeks] = await Promise.all([
    dashboardRepository.requestsPerDay(db, query),
    dashboardRepository.weeks(db, query),
  ])
  return { days, weeks }
}
