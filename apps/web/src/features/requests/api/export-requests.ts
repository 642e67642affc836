import { fileUrl } from '../../../components/data-table/export-csv-button'
import type { InboxQuery } from './list-requests'

/** GET /api/requests/export.csv: the inbox's filters, every page (decision 045). */
export function requestsCsvUrl({ page: _page, pageSize: _size, ...filters }: InboxQuery): string {
  return fileUrl<'exportRequests'>('/api/requests/export.csv', filters)
}
