import type { NotificationsQuery, NotificationsResponse } from '@townworks/contract'
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query'
import { api } from '../../../lib/api-client'
import { notificationsKeys } from '../../../lib/query-keys'

export type OutboxQuery = Partial<NotificationsQuery>

/** GET /api/notifications: the outbox, newest first, filtered by state and paged. */
export function listNotifications(query: OutboxQuery, signal?: AbortSignal): Promise<NotificationsResponse> {
  return api.call('notifications', { query, signal })
}

/** Refreshed every few seconds, so queued messages are seen to go out. */
export const notificationsListQuery = (query: OutboxQuery) =>
  queryOptions({
    queryKey: notificationsKeys.list(query),
    queryFn: ({ signal }) => listNotifications(query, signal),
    refetchInterval: 5_000,
  })

export function useNotificationsList(query: OutboxQuery) {
  return useQuery({ ...notificationsListQuery(query), placeholderData: keepPreviousData })
}
