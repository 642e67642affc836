import type { MyJobsResponse } from '@townworks/contract'
import { queryOptions, useQuery } from '@tanstack/react-query'
import { api } from '../../../lib/api-client'
import { withLazyDeviceCopy } from '../../../lib/offline/lazy-copy'
import { workersKeys } from '../../../lib/query-keys'
import { useSession } from '../../../lib/session'

/** GET /api/my/jobs: the logged-in worker's open, today's and upcoming jobs. */
export function getMyJobs(signal?: AbortSignal): Promise<MyJobsResponse> {
  return api.call('myJobs', { signal })
}

/**
 * The jobs, with the copy last loaded on this phone when there is no network (issue 23): `owner` is
 * the signed-in worker, whose copy it is. It runs offline too (networkMode 'always'), so the copy is read.
 */
export const myJobsQuery = (owner: string | undefined) =>
  queryOptions({
    queryKey: workersKeys.myJobs(),
    queryFn: ({ signal }) => withLazyDeviceCopy(owner, workersKeys.myJobs(), getMyJobs(signal)),
    networkMode: 'always',
    staleTime: 60_000,
  })

export function useMyJobs() {
  return useQuery(myJobsQuery(useSession().user))
}
