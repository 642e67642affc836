import type { MyJob, Service, Town } from '@townworks/contract'
import { and, asc, eq, gte, inArray, ne, or } from 'drizzle-orm'
import type { DbOrTx } from '../../db/client'
import { assignments, serviceRequests, services, tasks, towns } from '../../db/schema'
import { OPEN_STATUSES } from './availability.repository'

// A worker's own jobs, as /my/jobs lists them.

/** The worker's jobs: unfinished ones from before `today`, and every one from `today` on (cancelled left out). */
export async function listJobsOfWorker(
  db: DbOrTx,
  workerId: number,
  today: string,
  limit = 100,
): Promise<(MyJob & { request_id: number | null })[]> {
  const rows = await db
    .select({
      assignment_id: assignments.id,
      task_id: tasks.id,
      task_name: tasks.taskName,
      request_id: tasks.requestId,
      service_name: services.name,
      task_desc: tasks.serviceDesc,
      assignment_desc: assignments.serviceDesc,
      customer_name: serviceRequests.name,
      customer_phone: serviceRequests.phone,
      town: towns.name,
      assignment_date: assignments.assignmentDate,
      start_time: assignments.startTime,
      end_time: assignments.endTime,
      status: assignments.status,
    })
    .from(assignments)
    .innerJoin(tasks, eq(tasks.id, assignments.taskId))
    .leftJoin(serviceRequests, eq(serviceRequests.id, tasks.requestId))
    .leftJoin(services, eq(services.id, tasks.serviceId))
    .leftJoin(towns, eq(towns.id, tasks.townId))
    .where(
      and(
        eq(assignments.workerId, workerId),
        ne(assignments.status, 'cancelled'),
        or(gte(assignments.assignmentDate, today), inArray(assignments.status, OPEN_STATUSES)),
      ),
    )
    .orderBy(asc(assignments.assignmentDate), asc(assignments.startTime), asc(assignments.id))
    .limit(limit)
  return rows.map(({ task_desc, assignment_desc, ...r }) => ({
    ...r,
    service_name: r.service_name as Service | null,
    town: r.town as Town | null,
    service_desc: assignment_desc || task_desc,
  }))
}
