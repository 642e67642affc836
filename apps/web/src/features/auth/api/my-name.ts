import { useMutation, useQueryClient } from '@tanstack/react-query'
import { api } from '../../../lib/api-client'
import { sessionKeys } from '../../../lib/query-keys'

/** PUT /api/me/name: the name the person goes by (the header shows it). */
export const saveMyName = (display_name: string) => api.call('updateMyName', { body: { display_name } })

export function useSaveMyName() {
  const client = useQueryClient()
  return useMutation({
    mutationFn: saveMyName,
    onSuccess: (me) => client.setQueryData(sessionKeys.profile(), me),
  })
}
