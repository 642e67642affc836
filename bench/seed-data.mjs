// A realistic TownWorks data set, made with set-based SQL (generate_series, INSERT … SELECT) so
// 100 000 tasks take seconds. Run against a database the API has already migrated (the server
// migrates and seeds the reference lists at start):
//
//   node bench/seed-data.mjs postgres://postgres@127.0.0.1:5432/townworks_bench 10000
//
// Every row is a function of its number, so growing from 1 000 to 10 000 tasks adds exactly the
// rows a fresh 10 000-task seed would hold.
import pg from 'pg'

export const BASE = { workers: 300, requests: 50_000, customers: 500, scheduledRequests: 10_000 }

/** Working hours of every bench worker: Monday to Saturday, 08:00–18:00 (the house default). */
const SLOTS_PER_DAY = 10

/** Workers, their services and hours, customers, service requests and shortlists; once per database. */
export async function seedBase(client, { operatorFrom } = {}) {
  await client.query('begin')
  await client.query(
    `with t as (select array_agg(id order by id) a from towns)
     insert into workers (id, name, town_id, phone, email, active, created_at)
     select g, 'Bench Worker ' || lpad(g::text, 4, '0'), t.a[1 + g % array_length(t.a, 1)],
            '+91' || (7000000000 + g * 7)::text, 'worker' || g || '@bench.example', true,
            now() - interval '400 days'
     from generate_series(1, $1::int) g, t`,
    [BASE.workers],
  )
  await client.query(`select setval('workers_id_seq', (select max(id) from workers))`)
  // Two services each: a specialist's trade and a second one.
  await client.query(
    `with s as (select array_agg(id order by id) a from services)
     insert into worker_services (worker_id, service_id, description, price_paise)
     select w.id, s.a[1 + (w.id + k * 5) % array_length(s.a, 1)], 'Bench offer ' || k, 40000 + (w.id % 50) * 1000 + k * 500
     from workers w, s, generate_series(0, 1) k`,
  )
  await client.query(
    `insert into worker_hours (worker_id, weekday, start_time, end_time)
     select w.id, d, '08:00', '18:00' from workers w, generate_series(1, 6) d`,
  )
  // The operator and customers share the configured admin's password hash (the bench logs them in).
  await client.query(
    `insert into users (username, password_hash, role, phone)
     select 'bench_operator', u.password_hash, 'operator', '+919999900000' from users u where u.username = $1`,
    [operatorFrom],
  )
  await client.query(
    `insert into users (username, password_hash, role, phone, language)
     select 'bench_customer_' || g, u.password_hash, 'customer', '+91' || (8000000000 + g)::text, 'en'
     from generate_series(1, $1::int) g, users u where u.username = $2`,
    [BASE.customers, operatorFrom],
  )
  // Worker 1 signs in as bench_worker (same password): Lighthouse audits My jobs as a worker.
  await client.query(
    `with u as (insert into users (username, password_hash, role, phone)
                select 'bench_worker', u.password_hash, 'worker', '+919999900001' from users u where u.username = $1
                returning id)
     update workers set user_id = u.id from u where workers.id = 1`,
    [operatorFrom],
  )
  await client.query(
    `with t as (select array_agg(id order by id) a from towns),
          s as (select array_agg(id order by id) a from services),
          c as (select array_agg(id order by id) a from users where username like 'bench_customer_%')
     insert into service_requests (id, name, phone, email, service_id, town_id, service_date, customer_id, state,
                                   reject_reason, created_at)
     select g, 'Requester ' || g, '+91' || (9000000000 + g)::text,
            case when g % 3 = 0 then 'r' || g || '@bench.example' end,
            s.a[1 + g % array_length(s.a, 1)], t.a[1 + g % array_length(t.a, 1)],
            (current_date - 300 + g % 330)::date,
            case when g % 4 = 0 then c.a[1 + g % array_length(c.a, 1)] end,
            case when g <= $2 then 'scheduled' when g % 17 = 0 then 'rejected' else 'open' end,
            case when g > $2 and g % 17 = 0 then 'Outside our towns' end,
            now() - make_interval(mins => ($1 - g))
     from generate_series(1, $1::int) g, t, s, c`,
    [BASE.requests, BASE.scheduledRequests],
  )
  await client.query(`select setval('service_requests_id_seq', (select max(id) from service_requests))`)
  await client.query(
    `insert into cart_entries (user_id, worker_id)
     select u.id, 1 + (u.id * 7 + k * 13) % $1
     from users u, generate_series(0, 2) k where u.username like 'bench_customer_%'
     on conflict do nothing`,
    [BASE.workers],
  )
  await client.query('commit')
}

/**
 * Tasks from+1 … to, each with one assignment and its workflow records. Task i is worker
 * 1 + i % 300's job k = floor(i / 300): day k / 10 from today, hour 08 + k % 10 — no two overlap.
 */
export async function growTasks(client, from, to) {
  if (to <= from) return
  // Continue after the largest id (tasks the bench scheduled through the API took ids too).
  const { rows } = await client.query('select coalesce(max(id), 0)::int m from tasks')
  const first = rows[0].m
  const last = first + (to - from)
  await client.query('begin')
  await client.query(
    `insert into tasks (id, task_name, service_desc, town_id, service_id, request_id, status, price_paise, created_at,
                        updated_at)
     select i, 'Bench task ' || i, 'Work order ' || i || ', house ' || (i % 97), w.town_id, ws.service_id,
            case when i <= $3 then i end,
            (array['assigned','assigned','assigned','assigned','work_inprogress','work_inprogress',
                   'work_completed','payment_pending','task_completed','cancelled'])[1 + i % 10],
            ws.price_paise, now() - make_interval(mins => (200000 - i)), now() - make_interval(mins => (200000 - i))
     from generate_series($1::int + 1, $2::int) i
     join workers w on w.id = 1 + i % $4
     join lateral (select service_id, price_paise from worker_services where worker_id = w.id order by id limit 1) ws
       on true`,
    [first, last, BASE.scheduledRequests, BASE.workers],
  )
  await client.query(
    `insert into assignments (task_id, worker_id, service_desc, assignment_date, start_time, end_time, status,
                              created_date)
     select t.id, 1 + t.id % $3, t.service_desc,
            current_date + ((t.id / $3) / $4)::int,
            make_time(8 + ((t.id / $3) % $4)::int, 0, 0), make_time(9 + ((t.id / $3) % $4)::int, 0, 0),
            t.status, t.created_at
     from tasks t where t.id > $1 and t.id <= $2 order by t.id`,
    [first, last, BASE.workers, SLOTS_PER_DAY],
  )
  await client.query(
    `insert into workflow_records (task_id, from_status, status, at, by_user_id)
     select t.id, null::text, 'assigned', t.created_at, null::int from tasks t where t.id > $1 and t.id <= $2
     union all
     select t.id, 'assigned', t.status, t.created_at + interval '1 hour', null::int
     from tasks t where t.id > $1 and t.id <= $2 and t.status <> 'assigned'`,
    [first, last],
  )
  await client.query(`select setval('tasks_id_seq', (select max(id) from tasks))`)
  await client.query('commit')
  await client.query('analyze')
}

export async function countTasks(client) {
  const { rows } = await client.query('select count(*)::int n from tasks')
  return rows[0].n
}

// CLI: node bench/seed-data.mjs <url> <tasks> [operator-username-for-password-hash]
if (import.meta.url === `file://${process.argv[1]}`) {
  const [url, tasks = '10000', operatorFrom = 'bench_admin'] = process.argv.slice(2)
  const client = new pg.Client({ connectionString: url })
  await client.connect()
  const started = Date.now()
  const { rows } = await client.query('select count(*)::int n from workers')
  if (rows[0].n === 0) await seedBase(client, { operatorFrom })
  await growTasks(client, await countTasks(client), Number(tasks))
  console.log(`seeded ${await countTasks(client)} tasks in ${Date.now() - started} ms`)
  await client.end()
}
