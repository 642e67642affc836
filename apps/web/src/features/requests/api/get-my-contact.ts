import { queryOptions, useQuery } from '@tanstack/react-query'
import { sessionKeys } from '../../../lib/query-keys'
import { fetchProfile } from '../../../lib/session'

/** GET /api/me (its one caller is the session store): the user's name, email and phone, to fill in the request form. */
export const myContactQuery = () =>
  queryOptions({
    queryKey: sessionKeys.profile(),
    queryFn: ({ signal }) => fetchProfile(signal),
    staleTime: 5 * 60_000,
  })

/** Only asked for when someone is logged in; a visitor fills the form by hand. */
export function useMyContact(loggedIn: boolean) {
  return useQuery({ ...myContactQuery(), enabled: loggedIn })
}
