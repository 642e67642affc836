import type { Notification } from '@townworks/contract'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { api } from '../../../lib/api-client'
import { notificationsKeys } from '../../../lib/query-keys'

/** POST /api/notifications/{id}/retry: queue a failed message again. */
export async function retryNotification(id: number): Promise<Notification> {
  const res = await api.call('retryNotification', { params: { id } })
  return res.notification
}

export function useRetryNotification() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: retryNotification,
    onSettled: () => queryClient.invalidateQueries({ queryKey: notificationsKeys.all }),
  })
}
