import { queryOptions, useQuery } from '@tanstack/react-query'
import { api } from '../../../lib/api-client'
import { dashboardKeys } from '../../../lib/query-keys'

/** GET /api/dashboard/today: today's counts; read again every minute, since "overdue" moves with the clock. */
export const dashboardTodayQuery = () =>
  queryOptions({
    queryKey: dashboardKeys.today(),
    queryFn: ({ signal }) => api.call('dashboardToday', { signal }),
    staleTime: 10_000,
    refetchInterval: 60_000,
    refetchOnWindowFocus: true,
  })

export function useDashboardToday() {
  return useQuery(dashboardTodayQuery())
}
