import type { DashboardChartsQuery, DashboardToday, DashboardWeek } from '@townworks/contract'
import { sql, type SQL } from 'drizzle-orm'
import type { DbOrTx } from '../../db/client'
import { INDIA_NOW, INDIA_TODAY, indiaDayStart } from '../../db/india-time'

/**
 * The dashboard's read model (decision 042): aggregates in SQL over other modules' tables, read only,
 * like the jobs module's. Every range is a range on an indexed column (migration 0013), so a chart
 * costs what its period holds, not what the tables hold.
 */

/** The rows of a raw statement, on either driver (both answer `{ rows }`). */
async function rowsOf<T>(db: DbOrTx, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] }
  return result.rows
}

/**
 * Today's counts, each with the same filter as the list it links to: the inbox (received today,
 * open), Assignment Details (today's not started, in progress, awaiting payment, overdue) and the
 * outbox (failed).
 */
export async function todayCounts(db: DbOrTx): Promise<DashboardToday> {
  const [row] = await rowsOf<Record<string, number | string>>(
    db,
    sql`select
      to_char(${INDIA_TODAY}, 'YYYY-MM-DD') as today,
      (select count(*) from service_requests
        where created_at >= (${INDIA_TODAY}::timestamp at time zone 'Asia/Kolkata')
          and created_at < ((${INDIA_TODAY} + 1)::timestamp at time zone 'Asia/Kolkata'))::int as new_requests,
      (select count(*) from service_requests where state = 'open')::int as unassigned,
      (select count(*) from assignments where status = 'assigned' and assignment_date = ${INDIA_TODAY})::int as scheduled,
      (select count(*) from assignments where status = 'work_inprogress')::int as in_progress,
      (select count(*) from assignments where status = 'payment_pending')::int as awaiting_payment,
      (select count(*) from assignments
        where status = 'assigned' and assignment_date <= ${INDIA_TODAY}
          and assignment_date + start_time <= ${INDIA_NOW})::int as overdue,
      (select count(*) from notifications where state = 'failed')::int as failed_messages`,
  )
  const n = (key: string) => Number(row?.[key] ?? 0)
  return {
    today: String(row?.today),
    counts: {
      new_requests: n('new_requests'),
      unassigned: n('unassigned'),
      scheduled: n('scheduled'),
      in_progress: n('in_progress'),
      awaiting_payment: n('awaiting_payment'),
      overdue: n('overdue'),
      failed_messages: n('failed_messages'),
    },
  }
}

/** `and <column> = (the id of that town / service)`, or nothing without the filter. */
function townAndService(q: DashboardChartsQuery, townColumn: SQL, serviceColumn: SQL): SQL {
  return sql.join(
    [
      q.town ? sql` and ${townColumn} = (select id from towns where name = ${q.town})` : sql``,
      q.service ? sql` and ${serviceColumn} = (select id from services where name = ${q.service})` : sql``,
    ],
    sql``,
  )
}

/** The Monday of a local date's week, as text. */
const weekOf = (localDate: SQL) => sql`to_char(date_trunc('week', ${localDate})::date, 'YYYY-MM-DD')`
const localDate = (instant: SQL) => sql`(${instant} at time zone 'Asia/Kolkata')::date`

/** Requests received per day of the period, with how many were accepted (scheduled) and rejected. */
export async function requestsPerDay(db: DbOrTx, q: DashboardChartsQuery) {
  const rows = await rowsOf<{ day: string; received: number; accepted: number; rejected: number }>(
    db,
    sql`with days as (select generate_series(${q.from}::date, ${q.to}::date, interval '1 day')::date as day),
      received as (
        select ${localDate(sql`created_at`)} as day, count(*) as received,
          count(*) filter (where state = 'scheduled') as accepted,
          count(*) filter (where state = 'rejected') as rejected
        from service_requests
        where created_at >= ${indiaDayStart(q.from)} and created_at < ${indiaDayStart(q.to, 1)}
          ${townAndService(q, sql`town_id`, sql`service_id`)}
        group by 1)
      select to_char(days.day, 'YYYY-MM-DD') as day, coalesce(received, 0)::int as received,
        coalesce(accepted, 0)::int as accepted, coalesce(rejected, 0)::int as rejected
      from days left join received using (day) order by days.day`,
  )
  return rows.map((r) => ({
    ...r,
    received: Number(r.received),
    accepted: Number(r.accepted),
    rejected: Number(r.rejected),
  }))
}

/** Per week of the period: money in and out, booked and working minutes, time from request to assignment. */
export async function weeks(db: DbOrTx, q: DashboardChartsQuery): Promise<DashboardWeek[]> {
  const start = indiaDayStart(q.from)
  const end = indiaDayStart(q.to, 1)
  const [weekRows, revenue, payouts, booked, working, lag] = await Promise.all([
    rowsOf<{ week: string }>(
      db,
      sql`select to_char(w, 'YYYY-MM-DD') as week
        from generate_series(date_trunc('week', ${q.from}::date), ${q.to}::date, interval '1 week') as w order by w`,
    ),
    rowsOf<{ week: string; paise: number }>(
      db,
      sql`select ${weekOf(localDate(sql`p.created_at`))} as week, sum(p.amount_paise)::bigint as paise
        from payments p join tasks t on t.id = p.task_id
        where p.state = 'captured' and p.created_at >= ${start} and p.created_at < ${end}
          ${townAndService(q, sql`t.town_id`, sql`t.service_id`)}
        group by 1`,
    ),
    // A payout covers tasks; with a town or service chosen, the payouts covering at least one such task.
    rowsOf<{ week: string; paise: number }>(
      db,
      sql`select ${weekOf(localDate(sql`po.created_at`))} as week, sum(po.amount_paise)::bigint as paise
        from payouts po
        where po.created_at >= ${start} and po.created_at < ${end}
          ${
            q.town || q.service
              ? sql`and exists (select 1 from payout_tasks pt join tasks t on t.id = pt.task_id
                  where pt.payout_id = po.id ${townAndService(q, sql`t.town_id`, sql`t.service_id`)})`
              : sql``
          }
        group by 1`,
    ),
    // Utilisation is of the workers in the town who offer the service: their bookings, their hours.
    rowsOf<{ week: string; minutes: number }>(
      db,
      sql`select ${weekOf(sql`a.assignment_date`)} as week,
          sum(extract(epoch from (a.end_time - a.start_time)) / 60)::bigint as minutes
        from assignments a join workers w on w.id = a.worker_id
        where a.assignment_date between ${q.from}::date and ${q.to}::date and a.status <> 'cancelled'
          ${workerFilter(q)}
        group by 1`,
    ),
    rowsOf<{ week: string; minutes: number }>(
      db,
      sql`select ${weekOf(sql`d.day`)} as week,
          sum(extract(epoch from (h.end_time - h.start_time)) / 60)::bigint as minutes
        from generate_series(${q.from}::date, ${q.to}::date, interval '1 day') as d(day)
        join worker_hours h on h.weekday = extract(dow from d.day)
        join workers w on w.id = h.worker_id and w.active
        where not exists (select 1 from worker_days_off o where o.worker_id = w.id and o.day = d.day::date)
          ${workerFilter(q)}
        group by 1`,
    ),
    rowsOf<{ week: string; hours: number | null; n: number }>(
      db,
      sql`select ${weekOf(localDate(sql`created_at`))} as week, avg(hours)::float8 as hours, count(*)::int as n
        from (
          select sr.created_at, extract(epoch from (min(a.created_date) - sr.created_at)) / 3600 as hours
          from service_requests sr
          join tasks t on t.request_id = sr.id
          join assignments a on a.task_id = t.id
          where sr.created_at >= ${start} and sr.created_at < ${end}
            ${townAndService(q, sql`sr.town_id`, sql`sr.service_id`)}
          group by sr.id, sr.created_at) firsts
        group by 1`,
    ),
  ])
  const byWeek = <T extends { week: string }>(rows: T[]) => new Map(rows.map((r) => [r.week, r]))
  const revenueOf = byWeek(revenue)
  const payoutsOf = byWeek(payouts)
  const bookedOf = byWeek(booked)
  const workingOf = byWeek(working)
  const lagOf = byWeek(lag)
  return weekRows.map(({ week }) => {
    const l = lagOf.get(week)
    return {
      week,
      revenue_paise: Number(revenueOf.get(week)?.paise ?? 0),
      payouts_paise: Number(payoutsOf.get(week)?.paise ?? 0),
      booked_minutes: Number(bookedOf.get(week)?.minutes ?? 0),
      working_minutes: Number(workingOf.get(week)?.minutes ?? 0),
      assignment_hours: l?.hours === null || l?.hours === undefined ? null : Math.round(Number(l.hours) * 10) / 10,
      assigned_requests: Number(l?.n ?? 0),
    }
  })
}

/** The workers a utilisation counts: in the chosen town, offering the chosen service. */
function workerFilter(q: DashboardChartsQuery): SQL {
  return sql.join(
    [
      q.town ? sql` and w.town_id = (select id from towns where name = ${q.town})` : sql``,
      q.service
        ? sql` and exists (select 1 from worker_services ws where ws.worker_id = w.id
            and ws.service_id = (select id from services where name = ${q.service}))`
        : sql``,
    ],
    sql``,
  )
}
