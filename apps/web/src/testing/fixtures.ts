import type {
  OrderUnit,
  ServiceRequestDetail,
  AssignmentTaskResponse,
  ErrorBody,
  JobResponse,
  JobSummary,
  LoginResponse,
  Me,
  MyJobWithEarning,
  MyRequest,
  MyRequestTask,
  Payment,
  Quote,
  TaskPhoto,
  TaskStatus,
  UpdateStatusResponse,
  ServiceRow,
  TownRow,
  WorkerServiceRow,
  WorkerSuggestion,
  WorkerProfileFields,
  WorkerDetail,
} from '@townworks/contract'
import { INITIAL_SERVICES, INITIAL_TOWNS } from '@townworks/contract/constants'
/** A worker's standing (issue 21) before any rating or finished job. */
export const NEW_STANDING = { rating_avg: null, rating_count: 0, jobs_done: 0 } as const

import hiCommon from '../locales/hi/common.json'
import teCommon from '../locales/te/common.json'

// Builders of the API's answers for component tests, typed by the contract: a renamed or retyped
// field breaks the test at compile time instead of letting it pass on a shape the server no longer
// sends. Each takes overrides of any field. Use them with testing/api-mock.ts (decision 018).

export function aTask(overrides: Partial<AssignmentTaskResponse> = {}): AssignmentTaskResponse {
  return { task_name: 'Paint the wall', task_id: 11, status: 'assigned', ...overrides }
}

export function aStatusChange(
  from: TaskStatus,
  to: TaskStatus,
  overrides: Partial<UpdateStatusResponse> = {},
): UpdateStatusResponse {
  return { message: 'Status updated', task_id: 11, status: to, previous_status: from, ...overrides }
}

export function aProfile(overrides: Partial<Me> = {}): Me {
  return {
    id: 7,
    user: 'ravi',
    email: 'ravi@example.in',
    role: 'customer',
    phone: '9876543210',
    language: 'en',
    mustChangePassword: false,
    phone_verified: false,
    second_step: false,
    second_step_required: false,
    display_name: 'Ravi Kumar',
    has_password: true,
    ...overrides,
  }
}

/** A login's answer (POST /api/login): lakshmi, a customer, with her own password. */
export function aLogin(overrides: Partial<LoginResponse> = {}): LoginResponse {
  return {
    message: 'Logged in',
    user: 'lakshmi',
    role: 'customer',
    accesstoken: 'token',
    mustChangePassword: false,
    ...overrides,
  }
}

export function anError(code: ErrorBody['code'], message = 'Refused'): ErrorBody {
  return { message, code }
}

/** A picker's row (GET /api/assignments/summaries, /api/tasks/summaries): TW-000123, a plumber in Armoor. */
export function aJobSummary(overrides: Partial<JobSummary> = {}): JobSummary {
  return {
    id: 5,
    task_id: 9,
    assignment_id: 5,
    reference: 'TW-000123',
    task_name: 'Fix the tap',
    service: 'Plumber',
    town: 'Armoor',
    date: '2031-05-05',
    start_time: '09:00',
    worker_id: 3,
    worker_name: 'Ravi Kumar',
    status: 'assigned',
    ...overrides,
  }
}

/** A worker's profile with nothing filled in: no photo, no languages, years unknown. */
export const NO_PROFILE: WorkerProfileFields = { photo_url: null, languages: [], experience_years: null }

/** One worker as the office edits them (GET /api/workerservices/{id}): Ravi Kumar, a plumber in Armoor. */
export function aWorkerDetail(overrides: Partial<WorkerDetail> = {}): WorkerDetail {
  return {
    worker_id: 7,
    worker_name: 'Ravi Kumar',
    town: 'Armoor',
    phone_number: '+919000000000',
    email: null,
    active: true,
    has_login: false,
    ...NO_PROFILE,
    services: [{ service_name: 'Plumber', description: 'Taps and pipes', price: 450, price_paise: 45000, unit: null }],
    ...overrides,
  }
}

/** A worker's service row (GET /api/workerservices): a plumber in Armoor. */
export function aWorkerService(id: number, name: string, overrides: Partial<WorkerServiceRow> = {}): WorkerServiceRow {
  return {
    worker_id: id,
    worker_name: name,
    town: 'Armoor',
    service_name: 'Plumber',
    description: '',
    price: 450,
    price_paise: 45000,
    unit: null,
    phone_number: '9848012345',
    email: null,
    active: true,
    rating_avg: null,
    rating_count: 0,
    jobs_done: 0,
    starts_with_code_base: 0,
    starts_with_code: 0,
    jobs_with_photos: 0,
    ...overrides,
  }
}

/** A worker free in a slot (GET /api/workers/suggestions): a plumber in Armoor. */
export function aSuggestion(id: number, name: string, overrides: Partial<WorkerSuggestion> = {}): WorkerSuggestion {
  return {
    worker_id: id,
    name,
    town: 'Armoor',
    service_name: 'Plumber',
    price: 450,
    price_paise: 45000,
    phone_number: '9848012345',
    week_assignments: 1,
    unit: null,
    order_total_paise: null,
    rating_avg: null,
    rating_count: 0,
    jobs_done: 0,
    ...overrides,
  }
}

/**
 * A job on a worker's My jobs (GET /api/my/jobs): fan fitting for Padma in Armoor on `date`, 10:00–11:00,
 * in progress, ₹405 to earn, no request details, no start code.
 */
export function aMyJob(date: string, overrides: Partial<MyJobWithEarning> = {}): MyJobWithEarning {
  return {
    assignment_id: 31,
    task_id: 11,
    task_name: 'Fan fitting',
    service_name: 'Electrician',
    service_desc: 'Two ceiling fans',
    customer_name: 'Padma',
    customer_phone: '+919848012345',
    town: 'Armoor',
    place: 'Armoor',
    assignment_date: date,
    start_time: '10:00:00',
    end_time: '11:00:00',
    status: 'work_inprogress',
    earning_paise: 40500,
    cash_owed_paise: null,
    request: null,
    start_code: null,
    ...overrides,
  }
}

/** A request's form extras as a request made with the seed's fields alone has them. */
export function noRequestExtras() {
  return {
    address: null,
    landmark: null,
    description: null,
    problems: [],
    time_window: null,
    location: null,
    has_photo: false,
    order: null,
    preferred_worker: null,
    language: null,
  } satisfies Partial<ServiceRequestDetail>
}

/**
 * The task behind one of a customer's requests (GET /api/my/requests): task 7, assigned to Ravi Kumar
 * (4.5 stars from 12, 30 jobs done), with its start code and a ₹500 price not yet paid.
 */
export function aMyRequestTask(overrides: Partial<MyRequestTask> = {}): MyRequestTask {
  return {
    id: 7,
    name: 'Plumber for Lakshmi',
    status: 'assigned',
    next_statuses: ['cancelled'],
    worker: {
      worker_id: 3,
      name: 'Ravi Kumar',
      phone: '+919848012346',
      rating_avg: 4.5,
      rating_count: 12,
      jobs_done: 30,
      ...NO_PROFILE,
    },
    start_code: '4821',
    rating: null,
    can_rate: false,
    photo_count: 0,
    date: '2031-01-01',
    start_time: '09:00:00',
    end_time: '11:00:00',
    workflows: [],
    price_paise: 50_000,
    line_items: [],
    total_paise: 50_000,
    invoices: [],
    paid_paise: 0,
    money_state: 'unpaid',
    ...overrides,
  }
}

/** One of a customer's requests (GET /api/my/requests): TW-000045, a plumber in Armoor, with `task`. */
export function aMyRequest(task: MyRequestTask | null, overrides: Partial<MyRequest> = {}): MyRequest {
  const { preferred_worker: _preferred, language: _language, ...details } = noRequestExtras()
  return {
    id: 45,
    reference: 'TW-000045',
    service: 'Plumber',
    town: 'Armoor',
    service_date: '2031-01-01',
    state: task ? 'scheduled' : 'open',
    reject_reason: null,
    created_at: '2030-12-30T05:00:00.000Z',
    ...details,
    task,
    quote: null,
    billing: { name: null, gstin: null },
    ...overrides,
  }
}

/**
 * A quote waiting for the customer (issue 22, decision 061): version 1 of request 45 (aMyRequest's), a
 * fixed-price job of labour and 2 tractor loads of sand, no visit charge, no slot, good until 2031-01-10.
 */
export function aQuote(overrides: Partial<Quote> = {}): Quote {
  return {
    id: 81,
    request_id: 45,
    version: 1,
    status: 'sent',
    valid_until: '2031-01-10',
    note: null,
    visit_charge_paise: 0,
    slot: null,
    lines: [
      {
        position: 1,
        kind: 'labour',
        description: 'Lay the sand',
        service: null,
        unit: 'job',
        quantity: 1,
        unit_price_paise: 150_000,
        total_paise: 150_000,
      },
      {
        position: 2,
        kind: 'material',
        description: 'Sand',
        service: 'Sand Services',
        unit: 'tractor_load',
        quantity: 2,
        unit_price_paise: 350_000,
        total_paise: 700_000,
      },
    ],
    total_paise: 850_000,
    created_at: '2030-12-30T06:00:00.000Z',
    created_by: null,
    decided_at: null,
    decline_reason: null,
    expired: false,
    can_decide: true,
    ...overrides,
  }
}

/** A job page's answer (GET /api/jobs/{taskId}): task 45, TW-000123, a plumber in Nirmal, assigned to Ravi Kumar. */
export function aJob(overrides: Partial<JobResponse> = {}): JobResponse {
  return {
    task: {
      id: 45,
      reference: 'TW-000123',
      name: 'Fix the kitchen tap',
      description: 'Leaks under the sink',
      status: 'assigned',
      service: 'Plumber',
      town: 'Nirmal',
      created_at: '2026-11-20T09:00:00+05:30',
      next_statuses: ['work_inprogress', 'cancelled'],
      override_available: false,
    },
    request: {
      id: 123,
      reference: 'TW-000123',
      customer_name: 'Lakshmi Devi',
      phone: '9848012345',
      email: null,
      service: 'Plumber',
      town: 'Nirmal',
      service_date: '2026-11-25',
      state: 'scheduled',
      created_at: '2026-11-20T09:00:00+05:30',
      customer_user: null,
      ...noRequestExtras(),
    },
    assignment: {
      assignment_id: 9,
      worker_id: 3,
      worker_name: 'Ravi Kumar',
      worker_phone: '9876543210',
      worker_trades: ['Plumber'],
      worker_town: 'Nirmal',
      date: '2026-11-25',
      start_time: '10:00:00',
      end_time: '12:00:00',
      completion_date: null,
      status: 'assigned',
    },
    money: {
      task_id: 45,
      task_name: 'Fix the kitchen tap',
      status: 'assigned',
      price_paise: 50_000,
      line_items: [],
      total_paise: 50_000,
      price_changes: [],
      payments: [],
      paid_paise: 0,
      balance_paise: null,
      payment_mismatch: null,
      refund_due_paise: 0,
      state: 'unpaid',
      worker_share_paise: 45_000,
      paid_out: false,
    },
    messages: [],
    history: [
      {
        id: 1,
        task_id: 45,
        status: 'assigned',
        from_status: null,
        timestamp: '2026-11-20T09:05:00+05:30',
        notes: null,
        by: 'sita',
      },
    ],
    ...overrides,
  }
}

/** A payment (GET /api/tasks/{id}/charges, the payment endpoints): ₹500 in cash for task 7, captured. */
export function aPayment(overrides: Partial<Payment> = {}): Payment {
  return {
    id: 9,
    task_id: 7,
    amount_paise: 50_000,
    method: 'cash',
    provider_ref: null,
    order_id: null,
    state: 'captured',
    recorded_by: 'sita',
    created_at: '2026-11-25T06:00:00.000Z',
    refund_reason: null,
    refunded_at: null,
    ...overrides,
  }
}

const MATERIAL = new Set<string>([
  'Sand Services',
  'Morter Services',
  'Brick Services',
  'Steel Services',
  'Construction Tools and Equipment',
])

/** A town row as GET /api/towns sends it (decision 048). */
export function aTownRow(name: string, overrides: Partial<TownRow> = {}): TownRow {
  return {
    id: 1,
    name,
    name_te: '',
    name_hi: '',
    active: true,
    sort_order: 100,
    services: [...INITIAL_SERVICES],
    ...overrides,
  }
}

/** The units the seed's supplies are ordered in (migration 0023, decision 069). */
const ORDER_UNITS_OF: Readonly<Record<string, readonly OrderUnit[]>> = {
  'Sand Services': ['tractor_load', 'cubic_foot'],
  'Morter Services': ['bag'],
  'Brick Services': ['piece'],
  'Construction Tools and Equipment': ['day'],
  'Delivery Services': ['trip'],
  'Steel Services': ['piece'],
}

/** A service row as GET /api/services sends it. */
export function aServiceRow(name: string, overrides: Partial<ServiceRow> = {}): ServiceRow {
  return {
    id: 1,
    name,
    name_te: '',
    name_hi: '',
    active: true,
    sort_order: 100,
    category: MATERIAL.has(name) ? 'material' : 'labour',
    order_units: [...(ORDER_UNITS_OF[name] ?? [])],
    has_picture: false,
    picture_url: null,
    ...overrides,
  }
}

/** The initial rows (migration 0014), as a fresh server lists them: mockApi answers with these unless told otherwise. */
export const INITIAL_TOWN_ROWS: TownRow[] = INITIAL_TOWNS.map((name, i) =>
  aTownRow(name, { id: i + 1, sort_order: 10 * (i + 1), name_te: teCommon.towns[name], name_hi: hiCommon.towns[name] }),
)
export const INITIAL_SERVICE_ROWS: ServiceRow[] = INITIAL_SERVICES.map((name, i) =>
  aServiceRow(name, {
    id: i + 1,
    sort_order: 10 * (i + 1),
    name_te: teCommon.services[name],
    name_hi: hiCommon.services[name],
  }),
)

/** A photo of the finished work (issue 21): photo 5 of task 7, a 1600 × 1200 JPEG. */
export function aTaskPhoto(overrides: Partial<TaskPhoto> = {}): TaskPhoto {
  const id = overrides.id ?? 5
  return {
    id,
    task_id: 7,
    type: 'image/jpeg',
    bytes: 240_000,
    width: 1600,
    height: 1200,
    created_at: '2031-01-01T06:30:00.000Z',
    url: `/api/task-photos/${id}`,
    ...overrides,
  }
}
