import type { Notification, NotificationResponse } from '@townworks/contract'
import { buildPath } from '@townworks/contract/constants'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { api, type EndpointPath } from '../../../lib/api-client'
import { notificationsKeys } from './keys'

/** POST /api/notifications/{id}/retry: queue a failed message again. */
export async function retryNotification(id: number): Promise<Notification> {
  const res = await api.post<NotificationResponse>(
    buildPath('/api/notifications/:id/retry' satisfies EndpointPath<'retryNotification'>, { id }),
    undefined,
  )
  return res.notification
}

export function useRetryNotification() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: retryNotification,
    onSettled: () => queryClient.invalidateQueries({ queryKey: notificationsKeys.all }),
  })
}
