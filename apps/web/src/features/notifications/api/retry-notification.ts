import { buildPath, endpoints, NotificationResponseSchema, type Notification } from '@townworks/contract'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { api } from '../../../lib/api-client'
import { notificationsKeys } from './keys'

/** POST /api/notifications/{id}/retry: queue a failed message again. */
export async function retryNotification(id: number): Promise<Notification> {
  const res = await api.post(buildPath(endpoints.retryNotification.path, { id }), undefined, NotificationResponseSchema)
  return res.notification
}

export function useRetryNotification() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: retryNotification,
    onSettled: () => queryClient.invalidateQueries({ queryKey: notificationsKeys.all }),
  })
}
