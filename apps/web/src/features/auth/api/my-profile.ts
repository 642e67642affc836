import { queryOptions, useQuery } from '@tanstack/react-query'
import { sessionKeys } from '../../../lib/query-keys'
import { fetchProfile } from '../../../lib/session'

/** GET /api/me (its one caller is the session store): the number, whether it is verified, the staff setting. */
export const myProfileQuery = () =>
  queryOptions({ queryKey: sessionKeys.profile(), queryFn: ({ signal }) => fetchProfile(signal) })

export function useMyProfile() {
  return useQuery(myProfileQuery())
}
