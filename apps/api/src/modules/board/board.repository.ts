import {
  BOARD_UNASSIGNED_LIMIT,
  taskReference,
  type BoardBlock,
  type BoardQuery,
  type BoardRequest,
  type BoardWorker,
  type Service,
  type TaskStatus,
  type Town,
} from '@townworks/contract'
import { requestReference } from '@townworks/contract/constants'
import { sql, type SQL } from 'drizzle-orm'
import type { DbOrTx } from '../../db/client'
import {
  assignments,
  serviceRequests,
  services,
  tasks,
  towns,
  workerDaysOff,
  workerHours,
  workers,
  workerServices,
} from '../../db/schema'
import { tableNames } from '../../db/tables'

/**
 * The dispatch board's read model (decision 052): read only, over the workers, assignments and
 * requests modules' tables, like the dashboard's. Four statements, each a range or an equality on
 * an indexed column: the workers of a town (`workers_town_idx`), their bookings of the period
 * (`assignments_date_idx`), their hours and days off (primary keys), the open requests
 * (`service_requests_state_created_idx`). The cost follows the period and the town, not the tables.
 */

/** Every table the board shows: a change to any of them is a "board changed" notice (decision 053). */
export const BOARD_READ = tableNames(
  workers,
  workerServices,
  workerHours,
  workerDaysOff,
  assignments,
  tasks,
  serviceRequests,
  towns,
  services,
)

/** The rows of a raw statement, on either driver (both answer `{ rows }`). */
async function rowsOf<T>(db: DbOrTx, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] }
  return result.rows
}

/** `and` the worker `w` is in the chosen town and offers the chosen service; nothing without them. */
function workerFilter(q: BoardQuery): SQL {
  return sql.join(
    [
      q.town ? sql` and w.town_id = (select id from towns where name = ${q.town})` : sql``,
      q.service
        ? sql` and exists (select 1 from worker_services fs where fs.worker_id = w.id
            and fs.service_id = (select id from services where name = ${q.service}))`
        : sql``,
    ],
    sql``,
  )
}

/** The board's rows: active workers of the town offering the service, by name, with their hours and days off. */
export async function boardWorkers(db: DbOrTx, q: BoardQuery): Promise<BoardWorker[]> {
  const [rows, hours, daysOff] = await Promise.all([
    rowsOf<{ worker_id: number; name: string; town: Town; services: Service[] | null; has_hours: boolean }>(
      db,
      sql`select w.id as worker_id, w.name, t.name as town,
          (select array_agg(s.name order by s.name) from worker_services ws join services s on s.id = ws.service_id
            where ws.worker_id = w.id) as services,
          exists (select 1 from worker_hours h0 where h0.worker_id = w.id) as has_hours
        from workers w join towns t on t.id = w.town_id
        where w.active ${workerFilter(q)}
        order by w.name, w.id`,
    ),
    rowsOf<{ worker_id: number; date: string; start_time: string; end_time: string }>(
      db,
      sql`select h.worker_id, to_char(d.day, 'YYYY-MM-DD') as date, h.start_time::text as start_time,
          h.end_time::text as end_time
        from generate_series(${q.from}::date, ${q.to}::date, interval '1 day') as d(day)
        join worker_hours h on h.weekday = extract(dow from d.day)
        join workers w on w.id = h.worker_id and w.active
        where not exists (select 1 from worker_days_off o where o.worker_id = h.worker_id and o.day = d.day::date)
          ${workerFilter(q)}
        order by h.worker_id, d.day`,
    ),
    rowsOf<{ worker_id: number; day: string }>(
      db,
      sql`select o.worker_id, to_char(o.day, 'YYYY-MM-DD') as day
        from worker_days_off o join workers w on w.id = o.worker_id and w.active
        where o.day between ${q.from}::date and ${q.to}::date ${workerFilter(q)}
        order by o.worker_id, o.day`,
    ),
  ])
  const hoursOf = groupBy(hours, (h) => Number(h.worker_id))
  const offOf = groupBy(daysOff, (o) => Number(o.worker_id))
  return rows.map((r) => {
    const id = Number(r.worker_id)
    return {
      worker_id: id,
      name: r.name,
      town: r.town,
      services: r.services ?? [],
      has_hours: Boolean(r.has_hours),
      hours: (hoursOf.get(id) ?? []).map((h) => ({ date: h.date, start_time: h.start_time, end_time: h.end_time })),
      days_off: (offOf.get(id) ?? []).map((o) => o.day),
    }
  })
}

/** The bookings of those workers in the period, cancelled ones left out (they hold no time). */
export async function boardBlocks(db: DbOrTx, q: BoardQuery): Promise<BoardBlock[]> {
  const rows = await rowsOf<{
    assignment_id: number
    task_id: number
    worker_id: number
    request_id: number | null
    task_name: string
    service_desc: string
    status: TaskStatus
    date: string
    start_time: string
    end_time: string
    completion_date: string | null
    town: Town | null
    service: Service | null
  }>(
    db,
    sql`select a.id as assignment_id, a.task_id, a.worker_id, t.request_id, t.task_name, a.service_desc, a.status,
        to_char(a.assignment_date, 'YYYY-MM-DD') as date, a.start_time::text as start_time, a.end_time::text as end_time,
        to_char(a.completion_date, 'YYYY-MM-DD') as completion_date, tw.name as town, s.name as service
      from assignments a
      join workers w on w.id = a.worker_id and w.active
      join tasks t on t.id = a.task_id
      left join towns tw on tw.id = t.town_id
      left join services s on s.id = t.service_id
      where a.assignment_date between ${q.from}::date and ${q.to}::date and a.status <> 'cancelled'
        ${workerFilter(q)}
      order by a.worker_id, a.assignment_date, a.start_time, a.id`,
  )
  return rows.map(({ request_id, ...r }) => ({
    ...r,
    assignment_id: Number(r.assignment_id),
    task_id: Number(r.task_id),
    worker_id: Number(r.worker_id),
    reference: taskReference({ id: Number(r.task_id), requestId: request_id === null ? null : Number(request_id) }),
  }))
}

/** Open requests of the town and service, earliest service date first, at most BOARD_UNASSIGNED_LIMIT; and how many match. */
export async function openRequests(db: DbOrTx, q: BoardQuery): Promise<{ rows: BoardRequest[]; total: number }> {
  const filter = sql.join(
    [
      q.town ? sql` and sr.town_id = (select id from towns where name = ${q.town})` : sql``,
      q.service ? sql` and sr.service_id = (select id from services where name = ${q.service})` : sql``,
    ],
    sql``,
  )
  const rows = await rowsOf<{
    request_id: number
    name: string
    town: Town
    service: Service
    service_date: string
    time_window: BoardRequest['time_window']
    description: string | null
    total: number
  }>(
    db,
    sql`select sr.id as request_id, sr.name, tw.name as town, s.name as service,
        to_char(sr.service_date, 'YYYY-MM-DD') as service_date, sr.time_window, sr.description,
        count(*) over () as total
      from service_requests sr
      join towns tw on tw.id = sr.town_id
      join services s on s.id = sr.service_id
      where sr.state = 'open' ${filter}
      order by sr.service_date, sr.id
      limit ${BOARD_UNASSIGNED_LIMIT}`,
  )
  return {
    rows: rows.map(({ total: _total, ...r }) => ({
      ...r,
      request_id: Number(r.request_id),
      reference: requestReference(Number(r.request_id)),
    })),
    total: Number(rows[0]?.total ?? 0),
  }
}

function groupBy<T>(rows: readonly T[], key: (row: T) => number): Map<number, T[]> {
  const out = new Map<number, T[]>()
  for (const row of rows) {
    const k = key(row)
    const list = out.get(k)
    if (list) list.push(row)
    else out.set(k, [row])
  }
  return out
}
