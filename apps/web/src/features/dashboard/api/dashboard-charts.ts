import type { DashboardChartsQuery } from '@townworks/contract'
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query'
import { api } from '../../../lib/api-client'
import { dashboardKeys } from '../../../lib/query-keys'

/** GET /api/dashboard/charts: a period's requests per day and its weeks, for a town and service. */
export const dashboardChartsQuery = (query: DashboardChartsQuery) =>
  queryOptions({
    queryKey: dashboardKeys.charts(query),
    queryFn: ({ signal }) => api.call('dashboardCharts', { query, signal }),
    staleTime: 60_000,
  })

export function useDashboardCharts(query: DashboardChartsQuery) {
  return useQuery({ ...dashboardChartsQuery(query), placeholderData: keepPreviousData })
}
