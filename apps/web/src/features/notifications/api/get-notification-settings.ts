import type { NotificationSettings } from '@townworks/contract'
import { queryOptions, useQuery } from '@tanstack/react-query'
import { api } from '../../../lib/api-client'
import { notificationsKeys } from '../../../lib/query-keys'

/** GET /api/notifications/settings: the provider, and which channels typed messages may use. */
export function getNotificationSettings(signal?: AbortSignal): Promise<NotificationSettings> {
  return api.call('notificationSettings', { signal })
}

export const notificationSettingsQuery = () =>
  queryOptions({
    queryKey: notificationsKeys.settings(),
    queryFn: ({ signal }) => getNotificationSettings(signal),
    staleTime: 5 * 60_000,
  })

export function useNotificationSettings() {
  return useQuery(notificationSettingsQuery())
}
