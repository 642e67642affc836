import { z } from 'zod'
import {
  AssignmentDetailsQuerySchema,
  AssignmentDetailsResponseSchema,
  AssignmentIdsResponseSchema,
  AssignmentsResponseSchema,
  AssignmentTaskResponseSchema,
  AssignmentUpdateBodySchema,
  AssignmentUpdateResponseSchema,
  ScheduleBodySchema,
  ScheduleResponseSchema,
  TaskDetailsQuerySchema,
  TaskDetailsResponseSchema,
} from './assignments'
import { LoginBodySchema, LoginResponseSchema, MeSchema, RegisterBodySchema, RegisterResponseSchema } from './auth'
import { IdParamSchema, MessageResponseSchema } from './common'
import { HealthResponseSchema, ReadyResponseSchema } from './health'
import { SendMessageBodySchema, SendMessageResponseSchema } from './notifications'
import type { Role } from './options'
import { ServiceRequestBodySchema, ServiceRequestResponseSchema } from './requests'
import {
  TaskIdsResponseSchema,
  TaskStatusesResponseSchema,
  UpdateStatusBodySchema,
  UpdateStatusResponseSchema,
} from './tasks'
import {
  AdminUserResponseSchema,
  AdminUsersQuerySchema,
  AdminUsersResponseSchema,
  LinkWorkerBodySchema,
  UpdateUserBodySchema,
} from './users'
import { WorkflowResponseSchema } from './workflow'
import {
  CartBodySchema,
  CartResponseSchema,
  DeleteWorkerResponseSchema,
  SkilledWorkersResponseSchema,
  WorkerServicesResponseSchema,
} from './workers'

/**
 * Who may call an endpoint: anyone, any logged-in user, or the listed roles.
 * The server enforces it before any work; the client uses it to hide what a role may not use.
 */
export type Access = 'public' | 'authenticated' | readonly Role[]

export const STAFF = ['operator', 'admin'] as const satisfies readonly Role[]

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'

export interface Endpoint {
  readonly method: HttpMethod
  /** Fastify-style path: `/api/workflow/:taskId`. */
  readonly path: string
  readonly access: Access
  readonly summary: string
  readonly tag: string
  readonly params?: z.ZodType
  readonly query?: z.ZodType
  readonly body?: z.ZodType
  readonly response: z.ZodType
  /** A public endpoint that checks a credential of its own (the refresh cookie) answers 401 without it. */
  readonly ownCredential?: 'refresh-cookie'
  /** Success status; 200 unless said. */
  readonly status?: 200 | 201 | 202 | 204
}

function endpoint<const E extends Endpoint>(e: E): E {
  return e
}

/** Every API route of TownWorks. The server registers routes only from this table. */
export const endpoints = {
  health: endpoint({
    method: 'GET',
    path: '/healthz',
    access: 'public',
    tag: 'health',
    summary: 'The process is up',
    response: HealthResponseSchema,
  }),
  ready: endpoint({
    method: 'GET',
    path: '/readyz',
    access: 'public',
    tag: 'health',
    summary: 'The database answers',
    response: ReadyResponseSchema,
  }),

  // Seed call 1
  createServiceRequest: endpoint({
    method: 'POST',
    path: '/api/servicerequest',
    access: 'public',
    tag: 'requests',
    status: 201,
    summary: 'Ask for a service (seed call 1)',
    body: ServiceRequestBodySchema,
    response: ServiceRequestResponseSchema,
  }),
  // Seed call 2
  schedule: endpoint({
    method: 'POST',
    path: '/api/schedule',
    access: STAFF,
    tag: 'assignments',
    status: 201,
    summary: 'Create a task and its assignment (seed call 2)',
    body: ScheduleBodySchema,
    response: ScheduleResponseSchema,
  }),
  // Seed call 3
  sendWhatsapp: endpoint({
    method: 'POST',
    path: '/send-whatsapp',
    access: STAFF,
    tag: 'notifications',
    status: 202,
    summary: 'Queue a typed message (seed call 3)',
    body: SendMessageBodySchema,
    response: SendMessageResponseSchema,
  }),
  // Seed call 4
  assignments: endpoint({
    method: 'GET',
    path: '/api/assignments',
    access: STAFF,
    tag: 'assignments',
    summary: 'Assignments as rows (seed call 4)',
    response: AssignmentsResponseSchema,
  }),
  // Seed call 5
  taskStatuses: endpoint({
    method: 'GET',
    path: '/api/taskstatus',
    access: 'public',
    tag: 'tasks',
    summary: 'The task statuses (seed call 5)',
    response: TaskStatusesResponseSchema,
  }),
  // Seed call 6
  taskDetails: endpoint({
    method: 'GET',
    path: '/api/taskdetails',
    access: STAFF,
    tag: 'assignments',
    summary: 'One assignment for the edit form (seed call 6)',
    query: TaskDetailsQuerySchema,
    response: TaskDetailsResponseSchema,
  }),
  // Seed call 7
  assignmentUpdate: endpoint({
    method: 'PUT',
    path: '/api/assignmentupdate',
    access: STAFF,
    tag: 'assignments',
    summary: 'Save the edit form (seed call 7)',
    body: AssignmentUpdateBodySchema,
    response: AssignmentUpdateResponseSchema,
  }),
  // Seed call 8
  assignmentDetails: endpoint({
    method: 'GET',
    path: '/api/assignmentdetails',
    access: STAFF,
    tag: 'assignments',
    summary: 'Assignment details, paged (seed call 8)',
    query: AssignmentDetailsQuerySchema,
    response: AssignmentDetailsResponseSchema,
  }),
  // Seed call 9
  workerServices: endpoint({
    method: 'GET',
    path: '/api/workerservices',
    access: STAFF,
    tag: 'workers',
    summary: 'Workers and the services they offer (seed call 9)',
    response: WorkerServicesResponseSchema,
  }),
  // Seed call 10
  deleteWorker: endpoint({
    method: 'DELETE',
    path: '/api/workerservices/:worker_id',
    access: STAFF,
    tag: 'workers',
    summary: 'Delete a worker, or deactivate one with history (seed call 10)',
    params: z.object({ worker_id: IdParamSchema }),
    response: DeleteWorkerResponseSchema,
  }),
  // Seed call 11
  assignmentIds: endpoint({
    method: 'GET',
    path: '/api/assignment-ids',
    access: STAFF,
    tag: 'assignments',
    summary: 'Assignment ids (seed call 11)',
    response: AssignmentIdsResponseSchema,
  }),
  // Seed call 12
  assignmentTask: endpoint({
    method: 'GET',
    path: '/api/task-details/:assignment_id',
    access: STAFF,
    tag: 'assignments',
    summary: "An assignment's task and status (seed call 12)",
    params: z.object({ assignment_id: IdParamSchema }),
    response: AssignmentTaskResponseSchema,
  }),
  // Seed call 13
  updateStatus: endpoint({
    method: 'PUT',
    path: '/api/update-status/:task_id',
    access: 'authenticated',
    tag: 'tasks',
    summary: "Move a task's status through the status machine (seed call 13)",
    params: z.object({ task_id: IdParamSchema }),
    body: UpdateStatusBodySchema,
    response: UpdateStatusResponseSchema,
  }),
  // Seed call 14
  skilledWorkers: endpoint({
    method: 'GET',
    path: '/api/skilledworker',
    access: 'public',
    tag: 'workers',
    summary: 'Skilled workers with their shortlist counts (seed call 14)',
    response: SkilledWorkersResponseSchema,
  }),
  // Seed call 15
  addToCart: endpoint({
    method: 'PUT',
    path: '/api/skilledworker/cart',
    access: 'authenticated',
    tag: 'workers',
    summary: "Add a worker to the caller's shortlist (seed call 15)",
    body: CartBodySchema,
    response: CartResponseSchema,
  }),
  // Seed call 16
  taskIds: endpoint({
    method: 'GET',
    path: '/api/task',
    access: STAFF,
    tag: 'tasks',
    summary: 'Task ids as rows (seed call 16)',
    response: TaskIdsResponseSchema,
  }),
  // Seed call 17
  login: endpoint({
    method: 'POST',
    path: '/api/login',
    access: 'public',
    tag: 'auth',
    summary: 'Log in (seed call 17)',
    body: LoginBodySchema,
    response: LoginResponseSchema,
  }),
  // Seed call 18
  register: endpoint({
    method: 'POST',
    path: '/api/register',
    access: 'public',
    tag: 'auth',
    status: 201,
    summary: 'Sign up as a customer (seed call 18)',
    body: RegisterBodySchema,
    response: RegisterResponseSchema,
  }),
  // Seed call 19
  logout: endpoint({
    method: 'POST',
    path: '/api/logout',
    access: 'public',
    tag: 'auth',
    summary: 'Log out (seed call 19)',
    response: MessageResponseSchema,
  }),
  refresh: endpoint({
    method: 'POST',
    path: '/api/refresh',
    access: 'public',
    ownCredential: 'refresh-cookie',
    tag: 'auth',
    summary: 'Rotate the refresh token and issue a new access token',
    response: LoginResponseSchema,
  }),
  me: endpoint({
    method: 'GET',
    path: '/api/me',
    access: 'authenticated',
    tag: 'auth',
    summary: 'The logged-in user',
    response: MeSchema,
  }),
  adminUsers: endpoint({
    method: 'GET',
    path: '/api/admin/users',
    access: ['admin'],
    tag: 'users',
    summary: 'Users, searched and paged',
    query: AdminUsersQuerySchema,
    response: AdminUsersResponseSchema,
  }),
  updateUser: endpoint({
    method: 'PATCH',
    path: '/api/admin/users/:id',
    access: ['admin'],
    tag: 'users',
    summary: "Change a user's role, or disable or enable the account",
    params: z.object({ id: IdParamSchema }),
    body: UpdateUserBodySchema,
    response: AdminUserResponseSchema,
  }),
  linkWorker: endpoint({
    method: 'PUT',
    path: '/api/admin/users/:id/worker',
    access: ['admin'],
    tag: 'users',
    summary: "Link a worker profile to a worker's login",
    params: z.object({ id: IdParamSchema }),
    body: LinkWorkerBodySchema,
    response: AdminUserResponseSchema,
  }),
  // Seed call 20
  workflow: endpoint({
    method: 'GET',
    path: '/api/workflow/:taskId',
    access: STAFF,
    tag: 'workflow',
    summary: "A task's workflow records, oldest first (seed call 20)",
    params: z.object({ taskId: IdParamSchema }),
    response: WorkflowResponseSchema,
  }),
} as const satisfies Record<string, Endpoint>

export type EndpointName = keyof typeof endpoints

/** Whether a user of this role (undefined for a visitor) may call an endpoint of this access. */
export function isAllowed(access: Access, role: Role | undefined): boolean {
  if (access === 'public') return true
  if (role === undefined) return false
  if (access === 'authenticated') return true
  return access.includes(role)
}

/** Fill a Fastify-style path with values: `/api/workflow/:taskId` + {taskId: 3}. */
export function buildPath(path: string, params: Record<string, string | number> = {}): string {
  return path.replace(/:([A-Za-z_]+)/g, (_, key: string) => {
    const value = params[key]
    if (value === undefined) throw new Error(`Missing path parameter ${key} for ${path}`)
    return encodeURIComponent(String(value))
  })
}
