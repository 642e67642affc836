import type { MyJobsResponse } from '@townworks/contract'
import { queryOptions, useQuery } from '@tanstack/react-query'
import { api } from '../../../lib/api-client'
import { workersKeys } from '../../../lib/query-keys'

/** GET /api/my/jobs: the logged-in worker's open, today's and upcoming jobs. */
export function getMyJobs(signal?: AbortSignal): Promise<MyJobsResponse> {
  return api.call('myJobs', { signal })
}

export const myJobsQuery = () =>
  queryOptions({
    queryKey: workersKeys.myJobs(),
    queryFn: ({ signal }) => getMyJobs(signal),
    staleTime: 60_000,
  })

export function useMyJobs() {
  return useQuery(myJobsQuery())
}
