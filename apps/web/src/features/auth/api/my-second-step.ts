import { useMutation, useQueryClient } from '@tanstack/react-query'
import { api } from '../../../lib/api-client'
import { sessionKeys } from '../../../lib/query-keys'

/** PUT /api/me/second-step: staff ask (or stop asking) for a code after their password. */
export const setMySecondStep = (enabled: boolean) => api.call('mySecondStep', { body: { enabled } })

export function useSetMySecondStep() {
  const client = useQueryClient()
  return useMutation({
    mutationFn: setMySecondStep,
    onSuccess: () => client.invalidateQueries({ queryKey: sessionKeys.profile() }),
  })
}
