import type { AdminUsersQuery } from '@townworks/contract'
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query'
import { api } from '../../../lib/api-client'
import { usersKeys } from '../../../lib/query-keys'

/** GET /api/admin/users, searched and paged. */
export const usersQuery = (query: Partial<AdminUsersQuery>) =>
  queryOptions({
    queryKey: usersKeys.list(query),
    queryFn: ({ signal }) => api.call('adminUsers', { query, signal }),
    placeholderData: keepPreviousData,
  })

export function useUsers(query: Partial<AdminUsersQuery>) {
  return useQuery(usersQuery(query))
}
