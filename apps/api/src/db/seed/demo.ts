import { randomInt, randomUUID } from 'node:crypto'
import {
  nextStatuses,
  INITIAL_SERVICES,
  splitAmount,
  TASK_STATUSES,
  INITIAL_TOWNS,
  type OrderUnit,
  type Role,
  type TaskStatus,
  type WorkerLanguage,
} from '@townworks/contract'
import { count } from 'drizzle-orm'
import { addDays, todayInIndia } from '../../shared/dates'
import { generatePassword, hashPassword } from '../../shared/password'
import type { Db, DbOrTx } from '../client'
import { seedDemoPriceGuides } from './demo-price-guides'
import {
  assignments,
  ledgerEntries,
  payments,
  payouts,
  payoutTasks,
  serviceRequests,
  services,
  taskRatings,
  tasks,
  taskStartCodes,
  towns,
  users,
  workerHours,
  workers,
  workerServices,
  workflowRecords,
} from '../schema'

const WORKER_NAMES = [
  'Ravi Kumar',
  'Srinivas Reddy',
  'Lakshmi Devi',
  'Venkatesh Goud',
  'Raju Naik',
  'Suresh Goud',
  'Mahesh Yadav',
  'Naresh Babu',
  'Ramesh Chary',
  'Anil Kumar',
  'Prakash Rao',
  'Shankar Reddy',
  'Narsimha Rao',
  'Yadagiri',
  'Balaraju',
  'Sailu Gowda',
  'Mallesh',
  'Ramulu',
  'Komuraiah',
  'Rajesh Varma',
  'Kiran Kumar',
  'Praveen Reddy',
  'Sandeep Goud',
  'Swamy',
  'Gangadhar',
  'Bhaskar Rao',
  'Chandu Naik',
  'Devender Reddy',
  'Ganesh Chary',
  'Harish Rao',
]

const DESCRIPTIONS: Record<string, string> = {
  Plumber: 'Pipe fitting, leak repair, tap and tank work',
  Electrician: 'House wiring, fan and light fitting, meter board work',
  Painter: 'Interior and exterior painting, putty and primer',
  'Brick Worker': 'Brick laying for walls and compound walls',
  'Home Services': 'General home repairs, carpentry and cleaning',
  'Sand Services': 'River and manufactured sand by the tractor load',
  'Morter Services': 'Cement mortar mixing and supply',
  'Delivery Services': 'Material delivery by auto and tractor',
  'Brick Services': 'Red and fly ash brick supply',
  'Construction Workers': 'Daily-wage helpers and masons',
  'Construction Tools and Equipment': 'Scaffolding, mixers and tools on rent',
  Carpenter: 'Doors, windows, cupboards and furniture repair',
  'Welding Services': 'Gates, grills and window frames, made and repaired',
  'Cleaning Services': 'Home, bathroom and after-construction cleaning',
  'Steel Services': 'TMT bars and binding wire, delivered to the site',
}

/**
 * What the demo's suppliers of materials charge, per the unit each is sold in (decision 069), in
 * paise: a few prices each, taken by the worker's position (no draw from `random`), so suppliers of
 * one material in one town differ and the office's suggestions rank them (Nirmal has two of sand).
 */
const MATERIAL_PRICES: Readonly<Record<string, { unit: OrderUnit; paise: readonly number[] }>> = {
  'Sand Services': { unit: 'tractor_load', paise: [450_000, 420_000, 480_000, 500_000] },
  'Morter Services': { unit: 'bag', paise: [42_000, 40_000, 44_000] },
  'Brick Services': { unit: 'piece', paise: [800, 750, 850] },
  'Construction Tools and Equipment': { unit: 'day', paise: [60_000, 55_000, 65_000] },
  'Delivery Services': { unit: 'trip', paise: [80_000, 75_000, 90_000] },
  'Steel Services': { unit: 'piece', paise: [65_000, 62_000, 68_000] },
}

/** A worker's offer of a service: a material at its unit price, anything else at `jobPaise` per job. */
function offerPrice(
  service: string,
  workerIndex: number,
  jobPaise: number,
): { pricePaise: number; unit: OrderUnit | null } {
  const material = MATERIAL_PRICES[service]
  if (!material) return { pricePaise: jobPaise, unit: null }
  return { pricePaise: material.paise[workerIndex % material.paise.length]!, unit: material.unit }
}

/** How much an open demo request for a material asks for, in its unit (decision 069). */
const DEMO_ORDER_QUANTITY: Readonly<Record<OrderUnit, number>> = {
  tractor_load: 2,
  bag: 20,
  piece: 2000,
  day: 2,
  trip: 1,
  cubic_foot: 100,
}

/** The seed's 11 services: the demo's random draws use only these, so its data stays as it was. */
const SEED_SERVICES = INITIAL_SERVICES.slice(0, 11)
/** The trades added after the seed's (decision 025), each given to a few demo workers, no draw taken. */
const ADDED_SERVICES = INITIAL_SERVICES.slice(11)

// A fixed seed: the same demo data on every fresh database.
function prng(seed: number): () => number {
  let a = seed
  return () => {
    a = (a + 0x6d2b79f5) | 0
    let t = Math.imul(a ^ (a >>> 15), 1 | a)
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

export interface DemoLogin {
  username: string
  role: Role
  password: string
}

/** The happy path from assigned, used to give demo tasks a true history. */
function pathTo(target: TaskStatus): TaskStatus[] {
  const path: TaskStatus[] = ['assigned']
  while (path.at(-1) !== target) {
    const current = path.at(-1)!
    // Forward only: the next status in the machine's order that the operator may reach.
    const next = nextStatuses(current, ['operator', 'system']).find(
      (s) => s !== 'cancelled' && s !== 'work_pending' && TASK_STATUSES.indexOf(s) > TASK_STATUSES.indexOf(current),
    )
    if (!next) throw new Error(`No forward path from ${current} to ${target}`)
    path.push(next)
  }
  return path
}

const PAID: readonly TaskStatus[] = ['payment_received', 'paid_to_worker', 'task_completed']
const PAID_OUT: readonly TaskStatus[] = ['paid_to_worker', 'task_completed']

/**
 * The money behind a demo task its customer has paid: a captured cash payment with its balanced
 * ledger group (cash in; the worker's share and the commission owed), and, once paid out, the
 * payout with its own group — the same rows and accounts the payments service writes, so the
 * demo passes GET /api/ledger/check and a paid task is owed on GET /api/payouts/owed.
 */
async function seedPaidTask(
  tx: DbOrTx,
  task: { id: number; status: TaskStatus; pricePaise: number; workerId: number; recordedBy: number | null; at: Date },
  commissionBps: number,
): Promise<void> {
  if (!PAID.includes(task.status)) return
  const [payment] = await tx
    .insert(payments)
    .values({
      taskId: task.id,
      amountPaise: task.pricePaise,
      method: 'cash',
      providerRef: 'demo receipt',
      state: 'captured',
      idempotencyKey: `demo:task-${task.id}`,
      recordedBy: task.recordedBy,
      createdAt: task.at,
    })
    .returning({ id: payments.id })
  const { commission, workerShare } = splitAmount(task.pricePaise, commissionBps)
  const payable = `worker_payable:${task.workerId}`
  const paymentGroup = randomUUID()
  await tx.insert(ledgerEntries).values(
    [
      { account: 'platform_cash', amountPaise: task.pricePaise },
      { account: payable, amountPaise: -workerShare },
      { account: 'platform_commission', amountPaise: -commission },
    ]
      .filter((leg) => leg.amountPaise !== 0)
      .map((leg) => ({
        ...leg,
        groupId: paymentGroup,
        kind: 'payment' as const,
        taskId: task.id,
        paymentId: payment!.id,
        createdAt: task.at,
      })),
  )
  if (!PAID_OUT.includes(task.status)) return
  const [payout] = await tx
    .insert(payouts)
    .values({
      workerId: task.workerId,
      amountPaise: workerShare,
      method: 'upi',
      reference: 'demo payout',
      recordedBy: task.recordedBy,
      createdAt: task.at,
    })
    .returning({ id: payouts.id })
  await tx.insert(payoutTasks).values({ payoutId: payout!.id, taskId: task.id })
  const payoutGroup = randomUUID()
  await tx.insert(ledgerEntries).values(
    [
      { account: payable, amountPaise: workerShare },
      { account: 'platform_cash', amountPaise: -workerShare },
    ].map((leg) => ({
      ...leg,
      groupId: payoutGroup,
      kind: 'payout' as const,
      taskId: task.id,
      payoutId: payout!.id,
      createdAt: task.at,
    })),
  )
}

/** The languages the demo's workers speak, in turn. */
const DEMO_LANGUAGES: readonly WorkerLanguage[][] = [
  ['te', 'hi'],
  ['te', 'en'],
  ['te', 'ur', 'hi'],
  ['te', 'mr'],
  ['te'],
]

/**
 * Seed demo workers, users, requests, tasks and assignments, once, into an empty database.
 * Returns the demo logins with freshly generated passwords (printed once by the server), or
 * nothing when workers already exist. With `oneTimePasswords` (the server's default,
 * DEMO_PASSWORDS_ONE_TIME) each login must choose a new password when it first logs in.
 * Long on purpose: one transaction writes the demo's rows in the order their keys need, as data.
 */
export async function seedDemoData(
  db: Db,
  options: { commissionBps?: number; oneTimePasswords?: boolean } = {},
): Promise<DemoLogin[]> {
  const commissionBps = options.commissionBps ?? 1000
  const [existing] = await db.select({ n: count() }).from(workers)
  if ((existing?.n ?? 0) > 0) return []
  const random = prng(20261122)
  const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)]!
  const logins: DemoLogin[] = [
    { username: 'admin', role: 'admin', password: generatePassword() },
    { username: 'operator', role: 'operator', password: generatePassword() },
    { username: 'lakshmi', role: 'customer', password: generatePassword() },
    { username: 'ramana', role: 'customer', password: generatePassword() },
    { username: 'ravi', role: 'worker', password: generatePassword() },
    { username: 'srinivas', role: 'worker', password: generatePassword() },
  ]
  // A name already taken (say, the configured admin's) keeps its owner; the demo skips it.
  const taken = new Set((await db.select({ name: users.username }).from(users)).map((u) => u.name.toLowerCase()))
  const demoLogins = logins.filter((l) => !taken.has(l.username))
  const hashes = await Promise.all(demoLogins.map((l) => hashPassword(l.password)))
  const today = todayInIndia()

  await db.transaction(async (tx) => {
    const townRows = await tx.select().from(towns)
    const serviceRows = await tx.select().from(services)
    const townId = new Map(townRows.map((t) => [t.name, t.id]))
    const serviceId = new Map(serviceRows.map((s) => [s.name, s.id]))

    const userRows = await tx
      .insert(users)
      .values(
        demoLogins.map((l, i) => ({
          username: l.username,
          email: `${l.username}@townworks.example`,
          passwordHash: hashes[i]!,
          role: l.role,
          phone: `+9198${String(48000000 + i * 1111).padStart(8, '0')}`,
          mustChangePassword: options.oneTimePasswords ?? false,
        })),
      )
      .returning()
    const userId = new Map(userRows.map((u) => [u.username, u.id]))

    const workerRows = await tx
      .insert(workers)
      .values(
        WORKER_NAMES.map((name, i) => ({
          name,
          townId: townId.get(INITIAL_TOWNS[i % INITIAL_TOWNS.length]!)!,
          phone: `+91${9000000000 + i * 7919}`,
          email: i % 3 === 0 ? `${name.split(' ')[0]!.toLowerCase()}${i}@townworks.example` : null,
          userId: (i === 0 ? userId.get('ravi') : i === 1 ? userId.get('srinivas') : undefined) ?? null,
          // The profile (issue 21), by position: no draw from `random`, so the demo's other rows stay as they were.
          languages: DEMO_LANGUAGES[i % DEMO_LANGUAGES.length]!,
          experienceYears: 2 + ((i * 5) % 19),
        })),
      )
      .returning()

    const offered: { workerId: number; service: string }[] = []
    for (const [i, worker] of workerRows.entries()) {
      const first = SEED_SERVICES[i % SEED_SERVICES.length]!
      const chosen = new Set<string>([first])
      if (random() < 0.5) chosen.add(pick(SEED_SERVICES))
      // Every third worker also offers one of the added trades, at a fixed price (no random draw).
      const added = i % 3 === 2 ? ADDED_SERVICES[Math.floor(i / 3) % ADDED_SERVICES.length] : undefined
      for (const service of chosen) {
        offered.push({ workerId: worker.id, service })
        // The draw is taken for every offer, a material's too, so the rows after it stay as they were.
        const jobPaise = (300 + Math.floor(random() * 12) * 50) * 100
        await tx.insert(workerServices).values({
          workerId: worker.id,
          serviceId: serviceId.get(service)!,
          description: DESCRIPTIONS[service] ?? service,
          ...offerPrice(service, i, jobPaise),
        })
      }
      // Not in `offered`: the demo's tasks below are drawn from the seed's trades, as before.
      if (added) {
        await tx.insert(workerServices).values({
          workerId: worker.id,
          serviceId: serviceId.get(added)!,
          description: DESCRIPTIONS[added] ?? added,
          ...offerPrice(added, i, (400 + (i % 4) * 50) * 100),
        })
      }
      // Monday to Saturday, 08:00–18:00.
      await tx
        .insert(workerHours)
        .values(
          [1, 2, 3, 4, 5, 6].map((weekday) => ({ workerId: worker.id, weekday, startTime: '08:00', endTime: '18:00' })),
        )
    }

    const customers = [
      { name: 'Lakshmi Prasanna', phone: '+919848012345', user: 'lakshmi' },
      { name: 'Ramana Murthy', phone: '+919866012345', user: 'ramana' },
      { name: 'Sujatha', phone: '+919949012345', user: undefined },
      { name: 'Mohammed Ismail', phone: '+919700012345', user: undefined },
    ]
    const plans: { status: TaskStatus; dayOffset: number }[] = [
      { status: 'assigned', dayOffset: 1 },
      { status: 'assigned', dayOffset: 0 },
      { status: 'work_inprogress', dayOffset: 0 },
      { status: 'work_completed', dayOffset: -1 },
      { status: 'payment_pending', dayOffset: -2 },
      { status: 'payment_received', dayOffset: -3 },
      { status: 'task_completed', dayOffset: -6 },
    ]
    const operatorId = userId.get('operator') ?? null
    for (const [i, plan] of plans.entries()) {
      const offer = i < 2 ? offered.find((o) => o.workerId === workerRows[0]!.id)! : offered[(i * 5) % offered.length]!
      const worker = workerRows.find((w) => w.id === offer.workerId)!
      const customer = customers[i % customers.length]!
      const date = addDays(today, plan.dayOffset)
      const [request] = await tx
        .insert(serviceRequests)
        .values({
          name: customer.name,
          phone: customer.phone,
          serviceId: serviceId.get(offer.service)!,
          townId: worker.townId,
          serviceDate: date,
          customerId: (customer.user && userId.get(customer.user)) || null,
          state: 'scheduled',
        })
        .returning()
      const [task] = await tx
        .insert(tasks)
        .values({
          taskName: `${offer.service} for ${customer.name}`,
          serviceDesc: DESCRIPTIONS[offer.service] ?? offer.service,
          townId: worker.townId,
          serviceId: serviceId.get(offer.service)!,
          requestId: request!.id,
          status: plan.status,
          pricePaise: 50000,
        })
        .returning()
      const startHour = 9 + (i % 4) * 2
      await tx.insert(assignments).values({
        taskId: task!.id,
        workerId: worker.id,
        serviceDesc: task!.serviceDesc,
        assignmentDate: date,
        startTime: `${String(startHour).padStart(2, '0')}:00`,
        endTime: `${String(startHour + 2).padStart(2, '0')}:00`,
        completionDate: date,
        status: plan.status,
      })
      const path = pathTo(plan.status)
      await tx.insert(workflowRecords).values(
        path.map((status, step) => ({
          taskId: task!.id,
          fromStatus: step === 0 ? null : path[step - 1]!,
          status,
          byUserId: operatorId,
          at: new Date(Date.now() - (path.length - step) * 3_600_000),
        })),
      )
      // Its start code (issue 21): the customer's to read out; used already once the work started.
      const started = path.includes('work_inprogress')
      await tx.insert(taskStartCodes).values({
        taskId: task!.id,
        code: String(randomInt(0, 10_000)).padStart(4, '0'),
        ...(started ? { confirmedAt: new Date(), confirmedByUserId: worker.userId } : {}),
      })
      // The closed job has its customer's rating; the paid one waits for it (My requests offers it).
      if (plan.status === 'task_completed') {
        await tx.insert(taskRatings).values({
          taskId: task!.id,
          workerId: worker.id,
          customerUserId: (customer.user && userId.get(customer.user)) || null,
          stars: 5,
          review: 'Came on time, fixed it quickly and left the place clean.',
        })
      }
      const paidStep = path.indexOf('payment_received')
      await seedPaidTask(
        tx,
        {
          id: task!.id,
          status: plan.status,
          pricePaise: task!.pricePaise!,
          workerId: worker.id,
          recordedBy: operatorId,
          at: new Date(Date.now() - (path.length - Math.max(paidStep, 0)) * 3_600_000),
        },
        commissionBps,
      )
    }
    // Requests still waiting in the operators' inbox; one for a material is an order of its usual unit.
    const orderUnitsOf = new Map(serviceRows.map((s) => [s.name, s.orderUnits as OrderUnit[]]))
    for (const [i, customer] of customers.entries()) {
      const service = SEED_SERVICES[(i * 3) % SEED_SERVICES.length]!
      const unit = orderUnitsOf.get(service)?.[0]
      await tx.insert(serviceRequests).values({
        name: customer.name,
        phone: customer.phone,
        serviceId: serviceId.get(service)!,
        ...(unit ? { quantity: DEMO_ORDER_QUANTITY[unit], unit } : {}),
        townId: townId.get(INITIAL_TOWNS[i % INITIAL_TOWNS.length]!)!,
        serviceDate: addDays(today, 2 + i),
        customerId: (customer.user && userId.get(customer.user)) || null,
      })
    }
    // What common jobs and supplies usually cost in each town: the customers' "about ₹X–₹Y".
    await seedDemoPriceGuides(
      tx,
      INITIAL_TOWNS.map((name) => townId.get(name)).filter((id): id is number => id !== undefined),
      serviceId,
      userId.get('admin') ?? null,
    )
  })
  return demoLogins
}
