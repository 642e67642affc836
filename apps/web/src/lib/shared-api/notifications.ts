import type { Notification } from '@townworks/contract'
import { queryOptions, useQuery } from '@tanstack/react-query'
import { api } from '../api-client'
import { notificationsKeys } from '../query-keys'

// GET /api/notifications/{id} is read by Send message (notifications) and by the invitation the
// admin sends (users): a feature may not import another, so its one owner is here.

/** GET /api/notifications/{id}: one message and its delivery state. */
export async function getNotification(id: number, signal?: AbortSignal): Promise<Notification> {
  const res = await api.call('notification', { params: { id }, signal })
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
