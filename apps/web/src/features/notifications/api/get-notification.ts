import type { Notification, NotificationResponse } from '@townworks/contract'
import { buildPath } from '@townworks/contract/constants'
import { queryOptions, useQuery } from '@tanstack/react-query'
import { api, type EndpointPath } from '../../../lib/api-client'
import { notificationsKeys } from './keys'

/** GET /api/notifications/{id}: one message and its delivery state. */
export async function getNotification(id: number, signal?: AbortSignal): Promise<Notification> {
  const res = await api.get<NotificationResponse>(
    buildPath('/api/notifications/:id' satisfies EndpointPath<'notification'>, { id }),
    { signal },
  )
  return res.notification
}

const settled = (n: Notification | undefined) => n?.state === 'sent' || n?.state === 'failed'

/** Asked again every second until the message is sent or failed. */
export const notificationQuery = (id: number) =>
  queryOptions({
    queryKey: notificationsKeys.one(id),
    queryFn: ({ signal }) => getNotification(id, signal),
    refetchInterval: (query) => (settled(query.state.data) ? false : 1_000),
  })

export function useNotification(id: number | undefined) {
  return useQuery({ ...notificationQuery(id ?? 0), enabled: id !== undefined })
}
