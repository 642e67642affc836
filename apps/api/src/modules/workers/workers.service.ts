import type { SkilledWorkersResponse, WorkerServicesResponse } from '@townworks/contract'
import type { Ctx } from '../../shared/context'
import * as workersRepository from './workers.repository'

/** The Worker Services table. */
export async function listWorkerServices(ctx: Ctx): Promise<WorkerServicesResponse> {
  return { workerServices: await workersRepository.listWorkerServiceRows(ctx.database.db) }
}

/** The Skilled Workers table. */
export async function listSkilledWorkers(ctx: Ctx): Promise<SkilledWorkersResponse> {
  return { skilledworkers: await workersRepository.listSkilledWorkers(ctx.database.db) }
}
