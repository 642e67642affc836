import type { Me } from '@townworks/contract'
import { queryOptions, useQuery } from '@tanstack/react-query'
import { api, type EndpointPath } from '../../../lib/api-client'

/** GET /api/me: the logged-in user's name, email and phone, to fill in the request form. */
export const myContactQuery = () =>
  queryOptions({
    queryKey: ['requests', 'my-contact'] as const,
    queryFn: ({ signal }) => api.get<Me>('/api/me' satisfies EndpointPath<'me'>, { signal }),
    staleTime: 5 * 60_000,
  })

/** Only asked for when someone is logged in; a visitor fills the form by hand. */
export function useMyContact(loggedIn: boolean) {
  return useQuery({ ...myContactQuery(), enabled: loggedIn })
}
