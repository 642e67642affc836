import { queryOptions, useQuery } from '@tanstack/react-query'
import { api } from '../../../lib/api-client'
import { usersKeys } from '../../../lib/query-keys'

/** GET /api/admin/security: whether every staff sign-in needs a code, and who has no number for it. */
export const staffSecurityQuery = () =>
  queryOptions({ queryKey: usersKeys.staffSecurity(), queryFn: ({ signal }) => api.call('staffSecurity', { signal }) })

export function useStaffSecurity() {
  return useQuery(staffSecurityQuery())
}
