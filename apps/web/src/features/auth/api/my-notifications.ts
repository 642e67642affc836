import type { NotificationPreferences } from '@townworks/contract'
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { api } from '../../../lib/api-client'
import { sessionKeys } from '../../../lib/query-keys'

/** GET /api/me/notifications: whether SMS and WhatsApp messages reach the person. */
export const myNotificationsQuery = () =>
  queryOptions({
    queryKey: sessionKeys.notifications(),
    queryFn: ({ signal }) => api.call('myNotifications', { signal }).then((answer) => answer.preferences),
  })

export function useMyNotifications() {
  return useQuery(myNotificationsQuery())
}

/** PUT /api/me/notifications: turn SMS or WhatsApp on or off for the person. */
export const saveMyNotifications = (body: NotificationPreferences) => api.call('updateMyNotifications', { body })

export function useSaveMyNotifications() {
  const client = useQueryClient()
  return useMutation({
    mutationFn: saveMyNotifications,
    onSuccess: (answer) => client.setQueryData(sessionKeys.notifications(), answer.preferences),
  })
}
