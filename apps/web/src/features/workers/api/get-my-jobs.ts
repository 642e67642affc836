import type { MyJobsResponse } from '@townworks/contract'
import { queryOptions, useQuery } from '@tanstack/react-query'
import { api } from '../../../lib/api-client'

/** GET /api/my/jobs: the logged-in worker's open, today's and upcoming jobs. */
export function getMyJobs(signal?: AbortSignal): Promise<MyJobsResponse> {
  return api.get<MyJobsResponse>('/api/my/jobs', { signal })
}

export const myJobsQuery = () =>
  queryOptions({
    queryKey: ['workers', 'my-jobs'] as const,
    queryFn: ({ signal }) => getMyJobs(signal),
    staleTime: 60_000,
  })

export function useMyJobs() {
  return useQuery(myJobsQuery())
}
