import type { WorkerServicesQuery } from '@townworks/contract'
import { fileUrl } from '../../../components/data-table/export-csv-button'

/** GET /api/workerservices/export.csv: the roster as /wss filters it (decision 045). */
export function workerServicesCsvUrl(filter: WorkerServicesQuery): string {
  return fileUrl<'exportWorkerServices'>('/api/workerservices/export.csv', filter)
}
