import type { NotificationsQuery } from '@townworks/contract'

/** Query keys of the notifications feature. */
export const notificationsKeys = {
  all: ['notifications'] as const,
  list: (query: Partial<NotificationsQuery>) => ['notifications', 'list', query] as const,
  one: (id: number) => ['notifications', 'one', id] as const,
  settings: () => ['notifications', 'settings'] as const,
}
