import type { AssignmentDetailsQuery } from '@townworks/contract'
import { apiFile } from '../../../lib/api-file'

/** GET /api/assignmentdetails/export.csv: Assignment Details' filters, every page (decision 045). */
export function assignmentDetailsCsvUrl({
  page: _page,
  pageSize: _size,
  ...filters
}: Partial<AssignmentDetailsQuery>): string {
  return apiFile.url('exportAssignmentDetails', filters)
}
