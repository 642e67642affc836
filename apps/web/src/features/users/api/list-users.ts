import type { AdminUsersQuery, AdminUsersResponse } from '@townworks/contract'
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query'
import { api } from '../../../lib/api-client'

/** GET /api/admin/users, searched and paged. */
export const usersQuery = (query: Partial<AdminUsersQuery>) =>
  queryOptions({
    queryKey: ['users', 'list', query],
    queryFn: ({ signal }) => api.get<AdminUsersResponse>('/api/admin/users', { signal, query }),
    placeholderData: keepPreviousData,
  })

export function useUsers(query: Partial<AdminUsersQuery>) {
  return useQuery(usersQuery(query))
}
