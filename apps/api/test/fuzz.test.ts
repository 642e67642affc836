import { buildPath, type Endpoint, endpoints, isAllowed, type Role } from '@townworks/contract'
import { count } from 'drizzle-orm'
import type { PgTable } from 'drizzle-orm/pg-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import * as schema from '../src/db/schema'
import { addDays, todayInIndia } from '../src/shared/dates'
import { bearer, loginAs, type Session } from './auth-helpers'
import { createTestApp, type TestApp } from './test-app'

/**
 * Every write route of the endpoints table, with NUL bytes, C0 control characters, lone surrogates
 * and raw bytes that are not UTF-8 (overlong forms, encoded surrogates) put into every string field
 * of a valid example body, and into every path parameter: as a caller the route lets in and
 * anonymously. No answer may be a 5xx, and nothing may be stored.
 */

const day = addDays(todayInIndia(), 5)

/** A valid body per write route (ids need not exist: a refused body never reaches the handler). */
const EXAMPLES: Record<string, unknown> = {
  createServiceRequest: {
    name: 'Lakshmi Devi',
    phone: '9848012345',
    email: 'lakshmi@example.com',
    service: 'Painter',
    service_date: day,
    town: 'Armoor',
  },
  rejectRequest: { reason: 'Outside our towns' },
  setRequestBilling: { name: 'Sri Sai Constructions', gstin: '36AABCT1332L1ZF' },
  trackRequest: { reference: 'TW-000001', phone: '9848012345' },
  schedule: {
    taskName: 'Paint the hall',
    serviceDesc: 'Two coats\nwhite',
    workerId: '1',
    date: day,
    startTime: '10:00',
    endTime: '12:00',
    completionDate: day,
    selectedStatus: 'assigned',
    service: 'Painter',
    town: 'Armoor',
  },
  assignmentUpdate: {
    assignment_id: 1,
    task_id: 1,
    worker_id: 1,
    task_name: 'Paint the hall',
    service_desc: 'Two coats',
    assignment_date: day,
    completion_date: day,
    start_time: '10:00:00',
    end_time: '12:00:00',
    status: 'assigned',
    expected_status: 'assigned',
    reason: 'Moved by the customer',
    service: 'Painter',
    town: 'Armoor',
  },
  sendWhatsapp: { to: '9848012345', message: 'Your painter comes at 10', channel: 'sms' },
  updateMyNotifications: { sms: true, whatsapp: false },
  updateStatus: { status: 'work_inprogress', expected_status: 'assigned', reason: 'On site now' },
  createWorker: {
    worker_name: 'Ravi Kumar',
    town: 'Nirmal',
    phone_number: '9848012346',
    email: 'ravi@example.com',
    active: true,
    services: [{ service_name: 'Plumber', description: 'Taps and pipes', price: '450.50' }],
  },
  updateWorker: {
    worker_name: 'Ravi Kumar',
    town: 'Nirmal',
    phone_number: '9848012346',
    email: '',
    services: [{ service_name: 'Plumber', description: 'Taps', price: 450 }],
  },
  addToCart: { worker_id: '1', cart_count: 1 },
  createTown: { name: 'Bodhan', name_te: 'బోధన్', name_hi: 'बोधन', active: true, sort_order: 40, services: ['Plumber'] },
  updateTown: { name: 'Bodhan', name_te: '', name_hi: '', active: false, sort_order: 40, services: [] },
  createService: { name: 'Tiling', name_te: 'టైల్స్ పని', name_hi: 'टाइल का काम', category: 'labour' },
  updateService: { name: 'Tiling', active: false, sort_order: 5, category: 'labour' },
  setServicePicture: {
    type: 'image/png',
    data: 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  },
  setWorkerAvailability: {
    hours: [{ weekday: 1, start_time: '08:00', end_time: '18:00' }],
    days_off: [day],
  },
  login: { user: 'someone', pwd: 'a-password' },
  register: { user: 'new.user', email: 'new.user@example.com', pwd: 'a-long-password' },
  otpStart: { phone: '9848012345', channel: 'sms', language: 'te' },
  otpVerify: { challenge_id: '6f1c2a3b-4d5e-4f60-8a7b-9c0d1e2f3a4b', code: '123456' },
  otpResend: { challenge_id: '6f1c2a3b-4d5e-4f60-8a7b-9c0d1e2f3a4b', channel: 'whatsapp' },
  otpComplete: {
    challenge_id: '6f1c2a3b-4d5e-4f60-8a7b-9c0d1e2f3a4b',
    completion_token: 'k3m9x2abk3m9x2abk3m9x2abk3m9x2abk3m9x2abk3m',
    name: 'Lakshmi Devi',
  },
  passwordResetStart: { phone: '9848012345', channel: 'sms' },
  passwordResetComplete: {
    challenge_id: '6f1c2a3b-4d5e-4f60-8a7b-9c0d1e2f3a4b',
    code: '123456',
    new_password: 'a-long-new-password',
  },
  myPhoneStart: { phone: '9848012346', channel: 'sms' },
  myPhoneVerify: { challenge_id: '6f1c2a3b-4d5e-4f60-8a7b-9c0d1e2f3a4b', code: '123456' },
  mySecondStep: { enabled: true },
  updateStaffSecurity: { staff_second_step_required: true },
  updateMyName: { display_name: 'Lakshmi Devi' },
  startTask: { start_code: '4821', expected_status: 'assigned' },
  rateTask: { stars: 4, review: 'On time and tidy' },
  hideReview: { reason: 'It names a phone number' },
  // A photo of the work: the first bytes of a JPEG are enough for a body the contract takes.
  addTaskPhoto: { type: 'image/jpeg', data: '/9j/4AAQSkZJRgABAQAAAQABAAD/2wBDAAMCAgI=' },
  setWorkerPhoto: { type: 'image/jpeg', data: '/9j/4AAQSkZJRgABAQAAAQABAAD/2wBDAAMCAgI=' },
  setWorkerLanguages: { languages: ['te', 'hi'] },
  updateMyLanguage: { language: 'te' },
  changeMyPassword: { currentPwd: 'the-old-password', newPwd: 'a-new-long-password' },
  updateUser: { role: 'operator', disabled: false },
  linkWorker: { worker_id: 1 },
  invite: { user: 'new.worker', phone: '9848012399', role: 'worker', email: 'new.worker@example.com', language: 'te' },
  setTaskPrice: { price_paise: 50_000, reason: 'Bigger wall' },
  addLineItem: { description: 'Cement, 2 bags', amount_paise: 80_000, reason: 'Needed for the base' },
  recordManualPayment: { amount_paise: 50_000, method: 'cash', reference: 'Receipt 12' },
  recordCashReceived: { amount_paise: 50_000, note: 'Paid by her son' },
  verifyPayment: {
    razorpay_order_id: 'order_123',
    razorpay_payment_id: 'pay_123',
    razorpay_signature: 'a'.repeat(64),
  },
  paymentWebhook: {
    event: 'payment.captured',
    payload: {
      payment: { entity: { id: 'pay_1', order_id: 'order_1', amount: 100, currency: 'INR', status: 'captured' } },
    },
  },
  completeSandboxPayment: { order_id: 'order_123', outcome: 'approve' },
  refundPayment: { reason: 'Paid twice' },
  createPayout: { worker_id: 1, task_ids: [1], method: 'upi', reference: 'UTR 1234', amount_paise: 45_000 },
  createQuote: {
    valid_until: day,
    note: 'Two coats on the hall\nwhite',
    visit_charge_paise: 20_000,
    slot: { worker_id: 1, date: day, start_time: '10:00', end_time: '12:00' },
    lines: [
      { kind: 'labour', description: 'Painting the hall', unit: 'day', quantity: 1.5, unit_price_paise: 80_000 },
      {
        kind: 'material',
        description: 'Sand',
        service: 'Sand Services',
        unit: 'tractor_load',
        quantity: 2,
        unit_price_paise: 350_000,
      },
    ],
  },
  declineQuote: { reason: 'Too costly for now' },
  savePriceGuide: {
    minimum_charge_paise: 30_000,
    items: [
      {
        kind: 'labour',
        description: 'Fix a leaking tap',
        unit: 'job',
        typical_quantity: 1,
        low_unit_price_paise: 20_000,
        high_unit_price_paise: 40_000,
      },
    ],
  },
}

/** A small deterministic generator (mulberry32), so every run sends the same requests. */
function seeded(seed: number): () => number {
  let a = seed >>> 0
  return () => {
    a = (a + 0x6d2b79f5) >>> 0
    let t = a
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

// Tab, newline and carriage return are allowed in multi-line fields, so they are not among these.
const C0 = [...Array.from({ length: 32 }, (_, i) => i).filter((c) => ![9, 10, 13].includes(c)), 0x7f].map((c) =>
  String.fromCharCode(c),
)
const MARK = '@@FUZZ@@'
/** Bytes no UTF-8 decoder may accept: overlong NUL, '/' and U+FFFF, an encoded surrogate, stray bytes. */
const RAW = [
  [0xc0, 0x80],
  [0xc0, 0xaf],
  [0xe0, 0x80, 0x80],
  [0xf0, 0x80, 0x80, 0x80],
  [0xef, 0xbf],
  [0xed, 0xa0, 0x80],
  [0x80],
  [0xff],
].map((bytes) => Buffer.from(bytes))

type Path = (string | number)[]

function stringLeaves(value: unknown, path: Path = []): Path[] {
  if (typeof value === 'string') return [path]
  if (Array.isArray(value)) return value.flatMap((v, i) => stringLeaves(v, [...path, i]))
  if (value && typeof value === 'object')
    return Object.entries(value).flatMap(([k, v]) => stringLeaves(v, [...path, k]))
  return []
}

function withLeaf(value: unknown, path: Path, replace: (s: string) => string): unknown {
  const copy = structuredClone(value) as Record<string | number, unknown>
  let node = copy
  for (const key of path.slice(0, -1)) node = node[key] as Record<string | number, unknown>
  const last = path[path.length - 1]!
  node[last] = replace(node[last] as string)
  return copy
}

/** `text` with `insert` placed at a seeded position (start, middle or end). */
function insertAt(text: string, insert: string, random: () => number): string {
  const at = Math.floor(random() * (text.length + 1))
  return text.slice(0, at) + insert + text.slice(at)
}

interface Variant {
  label: string
  payload: Buffer
}

function variants(body: unknown, random: () => number): Variant[] {
  const leaves = stringLeaves(body)
  // A body with no text at all gets an extra text field to carry the bytes.
  const targets =
    leaves.length > 0 ? { body, leaves } : { body: { ...(body as object), note: 'x' }, leaves: [['note']] }
  const out: Variant[] = []
  for (const leaf of targets.leaves) {
    const name = leaf.join('.')
    const chars = [
      ['NUL', '\u0000'],
      ['C0', C0[Math.floor(random() * C0.length)]!],
      ['lone high surrogate', '\ud800'],
      ['lone low surrogate', '\udfff'],
    ] as const
    for (const [label, char] of chars) {
      const mutated = withLeaf(targets.body, leaf, (s) => insertAt(s, char, random))
      out.push({ label: `${label} in ${name}`, payload: Buffer.from(JSON.stringify(mutated)) })
    }
    for (const bytes of RAW) {
      const json = JSON.stringify(withLeaf(targets.body, leaf, (s) => insertAt(s, MARK, random)))
      const [before, after] = json.split(MARK) as [string, string]
      out.push({
        label: `bytes ${bytes.toString('hex')} in ${name}`,
        payload: Buffer.concat([Buffer.from(before), bytes, Buffer.from(after)]),
      })
    }
  }
  return out
}

const PARAM_FORMS = ['%00', '1%00', '%01', '0x1', '1e0', '%C0%80', '%ED%A0%80', '%F0%80%80%80', '%FF', '1%0A']

const TABLES: Record<string, PgTable> = {
  serviceRequests: schema.serviceRequests,
  tasks: schema.tasks,
  assignments: schema.assignments,
  workflowRecords: schema.workflowRecords,
  users: schema.users,
  workers: schema.workers,
  workerServices: schema.workerServices,
  workerHours: schema.workerHours,
  workerDaysOff: schema.workerDaysOff,
  cartEntries: schema.cartEntries,
  notifications: schema.notifications,
  payments: schema.payments,
  paymentOrders: schema.paymentOrders,
  payouts: schema.payouts,
  ledgerEntries: schema.ledgerEntries,
  taskLineItems: schema.taskLineItems,
  taskPriceChanges: schema.taskPriceChanges,
  otpChallenges: schema.otpChallenges,
  appSettings: schema.appSettings,
  towns: schema.towns,
  services: schema.services,
  townServices: schema.townServices,
  servicePictures: schema.servicePictures,
  taskPhotos: schema.taskPhotos,
  taskPhotoBlobs: schema.taskPhotoBlobs,
  quotes: schema.quotes,
  quoteLines: schema.quoteLines,
}

describe('fuzzing every write route with bad text', () => {
  let t: TestApp
  const sessions: Partial<Record<Role, Session>> = {}
  const writes = (Object.entries(endpoints) as [string, Endpoint][]).filter(([, e]) => e.method !== 'GET')
  let address = 0
  /** Each request from its own address, so per-address limits never answer in place of validation. */
  const nextAddress = () => `10.9.${Math.floor(++address / 250) % 250}.${address % 250}`

  beforeAll(async () => {
    t = await createTestApp()
    for (const role of ['admin', 'customer', 'worker'] as const) sessions[role] = await loginAs(t, role)
  })
  afterAll(() => t.close())

  async function rowCounts(): Promise<Record<string, number>> {
    const counts: Record<string, number> = {}
    for (const [name, table] of Object.entries(TABLES)) {
      const [row] = await t.database.db.select({ n: count() }).from(table)
      counts[name] = row!.n
    }
    return counts
  }

  /** A caller the route lets in: an admin where staff may, else the one role named. */
  function callerFor(e: Endpoint): Session | undefined {
    if (e.access === 'public') return undefined
    if (isAllowed(e.access, 'admin')) return sessions.admin
    if (isAllowed(e.access, 'customer')) return sessions.customer
    return sessions.worker
  }

  it('every write route has a valid example body to mutate', () => {
    for (const [name, e] of writes) {
      if (!e.body) continue
      expect(EXAMPLES[name], `${name} needs an example body`).toBeDefined()
      const parsed = e.body.safeParse(EXAMPLES[name])
      expect(parsed.success, `${name}'s example: ${JSON.stringify(parsed.error?.issues)}`).toBe(true)
    }
  })

  it('answers no bad text with a 5xx and stores nothing, as a permitted caller and anonymously', async () => {
    const random = seeded(20_261_125)
    const before = await rowCounts()
    const failures: string[] = []
    let sent = 0
    let refused = 0
    for (const [name, e] of writes) {
      const params = [...e.path.matchAll(/:([A-Za-z_]+)/g)].map((m) => m[1]!)
      const url = (overrides: Record<string, string> = {}) =>
        buildPath(e.path, Object.fromEntries(params.map((p) => [p, overrides[p] ?? '1']))).replace(
          /%25([0-9A-F]{2})/gi,
          '%$1',
        )
      const requests: { label: string; url: string; payload?: Buffer }[] = []
      // Bodies: only where the route reads one, or as a stray body where it reads none.
      if (e.body || params.length === 0) {
        for (const v of variants(EXAMPLES[name] ?? {}, random))
          requests.push({ label: v.label, url: url(), payload: v.payload })
      }
      for (const param of params) {
        for (const form of PARAM_FORMS) {
          const payload = e.body ? Buffer.from(JSON.stringify(EXAMPLES[name])) : undefined
          requests.push({ label: `${param}=${form}`, url: url({ [param]: form }), payload })
        }
      }
      for (const caller of [callerFor(e), undefined]) {
        for (const r of requests) {
          const res = await t.app.inject({
            method: e.method,
            url: r.url,
            remoteAddress: nextAddress(),
            headers: {
              ...(caller ? bearer(caller) : {}),
              ...(r.payload ? { 'content-type': 'application/json' } : {}),
            },
            ...(r.payload ? { payload: r.payload } : {}),
          })
          sent++
          const who = caller ? caller.user.role : 'anonymous'
          if (res.statusCode >= 500)
            failures.push(`${res.statusCode} ${e.method} ${e.path} (${who}, ${r.label}): ${res.body}`)
          else if (res.statusCode >= 400) refused++
          else if (e.body || params.length > 0)
            failures.push(`${res.statusCode} ${e.method} ${e.path} (${who}, ${r.label}) was accepted`)
        }
      }
      expect(await rowCounts(), `rows after ${e.method} ${e.path}`).toEqual(before)
    }
    expect(failures).toEqual([])
    expect(sent).toBeGreaterThan(1000)
    expect(refused).toBeGreaterThan(sent * 0.95)
  })
})
