import type { MyPayoutsResponse } from '@townworks/contract'
import { queryOptions, useQuery } from '@tanstack/react-query'
import { api } from '../../../lib/api-client'
import { withLazyDeviceCopy } from '../../../lib/offline/lazy-copy'
import { paymentsKeys } from '../../../lib/query-keys'
import { useSession } from '../../../lib/session'

/** GET /api/my/payouts: the worker's own payouts and what is still owed. */
export function getMyPayouts(signal?: AbortSignal): Promise<MyPayoutsResponse> {
  return api.call('myPayouts', { signal })
}

/** With the copy last loaded on this phone when there is no network (issue 23); `owner` is the worker. */
export const myPayoutsQuery = (owner: string | undefined) =>
  queryOptions({
    queryKey: paymentsKeys.mine(),
    queryFn: ({ signal }) => withLazyDeviceCopy(owner, paymentsKeys.mine(), getMyPayouts(signal)),
    networkMode: 'always',
  })

export function useMyPayouts() {
  return useQuery(myPayoutsQuery(useSession().user))
}
