import type { AssignmentDetailsQuery } from '@townworks/contract'
import { fileUrl } from '../../../components/data-table/export-csv-button'

/** GET /api/assignmentdetails/export.csv: Assignment Details' filters, every page (decision 045). */
export function assignmentDetailsCsvUrl({
  page: _page,
  pageSize: _size,
  ...filters
}: Partial<AssignmentDetailsQuery>): string {
  return fileUrl<'exportAssignmentDetails'>('/api/assignmentdetails/export.csv', filters)
}
