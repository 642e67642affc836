import { endpoints, MeSchema } from '@townworks/contract'
import { queryOptions, useQuery } from '@tanstack/react-query'
import { api } from '../../../lib/api-client'

/** GET /api/me: the logged-in user's name, email and phone, to fill in the request form. */
export const myContactQuery = () =>
  queryOptions({
    queryKey: ['requests', 'my-contact'] as const,
    queryFn: ({ signal }) => api.get(endpoints.me.path, MeSchema, { signal }),
    staleTime: 5 * 60_000,
  })

/** Only asked for when someone is logged in; a visitor fills the form by hand. */
export function useMyContact(loggedIn: boolean) {
  return useQuery({ ...myContactQuery(), enabled: loggedIn })
}
