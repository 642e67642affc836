import { MeSchema } from '@townworks/contract'
import { queryOptions, useQuery } from '@tanstack/react-query'
import { api } from '../../../lib/api-client'

/** GET /api/me: the full profile of the logged-in user. */
export const meQuery = () =>
  queryOptions({
    queryKey: ['auth', 'me'],
    queryFn: ({ signal }) => api.get('/api/me', MeSchema, { signal }),
  })

export function useMe() {
  return useQuery(meQuery())
}
