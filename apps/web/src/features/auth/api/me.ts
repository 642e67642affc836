import type { Me } from '@townworks/contract'
import { queryOptions, useQuery } from '@tanstack/react-query'
import { api } from '../../../lib/api-client'

/** GET /api/me: the full profile of the logged-in user. */
export const meQuery = () =>
  queryOptions({
    queryKey: ['auth', 'me'],
    queryFn: ({ signal }) => api.get<Me>('/api/me', { signal }),
  })

export function useMe() {
  return useQuery(meQuery())
}
