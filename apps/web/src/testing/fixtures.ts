import type { AssignmentTaskResponse, ErrorBody, Me, TaskStatus, UpdateStatusResponse } from '@townworks/contract'

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
