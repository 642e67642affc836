import { apiFile } from '../../../lib/api-file'
import type { InboxQuery } from './list-requests'

/** GET /api/requests/export.csv: the inbox's filters, every page (decision 045). */
export function requestsCsvUrl({ page: _page, pageSize: _size, ...filters }: InboxQuery): string {
  return apiFile.url('exportRequests', filters)
}
