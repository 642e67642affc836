import { AdminUsersResponseSchema, type AdminUsersQuery } from '@townworks/contract'
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query'
import { api } from '../../../lib/api-client'

/** GET /api/admin/users, searched and paged. */
export const usersQuery = (query: Partial<AdminUsersQuery>) =>
  queryOptions({
    queryKey: ['users', 'list', query],
    queryFn: ({ signal }) => api.get('/api/admin/users', AdminUsersResponseSchema, { signal, query }),
    placeholderData: keepPreviousData,
  })

export function useUsers(query: Partial<AdminUsersQuery>) {
  return useQuery(usersQuery(query))
}
