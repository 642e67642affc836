import type { NotificationsQuery } from '@townworks/contract'
import { fileUrl } from '../../../components/data-table/export-csv-button'

/** GET /api/notifications/export.csv: the outbox's state filter, every page (decision 045). */
export function outboxCsvUrl(state: NotificationsQuery['state']): string {
  return fileUrl<'exportNotifications'>('/api/notifications/export.csv', state ? { state } : {})
}
