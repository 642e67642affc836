import { queryOptions, useQuery } from '@tanstack/react-query'
import { api } from '../../../lib/api-client'
import { authKeys } from '../../../lib/query-keys'

/** GET /api/auth/otp/channels: the channels codes can go by here, the preferred first. */
export const otpChannelsQuery = () =>
  queryOptions({
    queryKey: authKeys.otpChannels(),
    queryFn: ({ signal }) => api.call('otpChannels', { signal }),
    staleTime: 60 * 60_000,
  })

export function useOtpChannels() {
  return useQuery(otpChannelsQuery())
}
