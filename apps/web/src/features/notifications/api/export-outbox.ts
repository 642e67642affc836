import type { NotificationsQuery } from '@townworks/contract'
import { apiFile } from '../../../lib/api-file'

/** GET /api/notifications/export.csv: the outbox's state filter, every page (decision 045). */
export function outboxCsvUrl(state: NotificationsQuery['state']): string {
  return apiFile.url('exportNotifications', state ? { state } : {})
}
