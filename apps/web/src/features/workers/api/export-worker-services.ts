import type { WorkerServicesQuery } from '@townworks/contract'
import { apiFile } from '../../../lib/api-file'

/** GET /api/workerservices/export.csv: the roster as /wss filters it (decision 045). */
export function workerServicesCsvUrl(filter: WorkerServicesQuery): string {
  return apiFile.url('exportWorkerServices', filter)
}
