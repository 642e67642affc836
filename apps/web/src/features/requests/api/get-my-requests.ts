import type { MyRequestsResponse } from '@townworks/contract'
import { queryOptions, useQuery } from '@tanstack/react-query'
import { api } from '../../../lib/api-client'
import { requestsKeys } from '../../../lib/query-keys'
import { useSession } from '../../../lib/session'

/** How often an open My requests screen asks for news. */
export const MY_REQUESTS_REFRESH_MS = 15_000

/** GET /api/my/requests: the customer's own requests with task, worker and workflow records. */
export function getMyRequests(signal?: AbortSignal): Promise<MyRequestsResponse> {
  return api.call('myRequests', { signal })
}

/**
 * With no signal, the list is the device's copy of the last one loaded (issue 23, lib/offline/device-copy):
 * its code comes beside the answer, never before the screen's first paint (the 130 kB limit), and the
 * query runs while the browser says it is offline (networkMode 'always'), so the copy is read.
 */
export const myRequestsQuery = (owner?: string) =>
  queryOptions({
    queryKey: requestsKeys.mine(),
    queryFn: ({ signal }) => {
      const answer = getMyRequests(signal)
      // Handled below once the copy's code is here; until then a failure is not "unhandled".
      answer.catch(() => undefined)
      return import('../../../lib/offline/device-copy')
        .catch(() => undefined)
        .then((copy) => (copy ? copy.withDeviceCopy(owner, requestsKeys.mine(), () => answer) : answer))
    },
    networkMode: 'always',
    staleTime: 0,
    refetchInterval: MY_REQUESTS_REFRESH_MS,
    refetchOnWindowFocus: true,
  })

export function useMyRequests() {
  const { user } = useSession()
  return useQuery(myRequestsQuery(user))
}
