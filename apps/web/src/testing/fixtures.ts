import type {
  AssignmentTaskResponse,
  ErrorBody,
  JobSummary,
  Me,
  TaskStatus,
  UpdateStatusResponse,
  WorkerServiceRow,
  WorkerSuggestion,
} from '@townworks/contract'

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
    phone_number: '9848012345',
    email: null,
    active: true,
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
    ...overrides,
  }
}
