import {
  actorsForRole,
  isRecordedMoneyStatus,
  nextStatuses,
  taskReference,
  type JobResponse,
  type JobSummariesQuery,
  type JobSummariesResponse,
  type MyJobsResponse,
} from '@townworks/contract'
import { AppError, notFound } from '../../shared/app-error'
import type { Ctx } from '../../shared/context'
import * as notificationsService from '../notifications/notifications.service'
import * as paymentsService from '../payments/payments.service'
import * as requestsService from '../requests/requests.service'
import * as tasksService from '../tasks/tasks.service'
import * as workersService from '../workers/workers.service'
import * as jobsRepository from './jobs.repository'

/** What the jobs verbs need from the configuration: the platform's commission (PLATFORM_COMMISSION_BPS). */
export interface JobsDeps {
  commissionBps: number
}

/**
 * GET /api/jobs/{taskId}: the job page in one answer — the task and the steps the caller's role may
 * take, its request, its current assignment, its money (the payments module's numbers), the
 * messages about it (the outbox) and its history (the workflow records).
 */
export async function getJob(ctx: Ctx, deps: JobsDeps, taskId: number): Promise<JobResponse> {
  const user = ctx.user
  if (!user) throw new AppError('UNAUTHENTICATED', 'Please log in to continue')
  const core = await jobsRepository.getJobCore(ctx.database.db, taskId)
  if (!core) throw notFound('Task')
  const { task } = core
  const { charges } = await paymentsService.getTaskCharges(ctx, taskId)
  const view = (await paymentsService.moneyViewsOf(ctx, [taskId], deps.commissionBps)).get(taskId)!
  return {
    task: {
      id: task.id,
      reference: taskReference(task),
      name: task.name,
      description: task.description,
      status: task.status,
      service: task.service,
      town: task.town,
      created_at: task.createdAt,
      // Money-moving statuses come from recording the money (the job page links to it), never a button.
      next_statuses: nextStatuses(task.status, actorsForRole(user.role)).filter((s) => !isRecordedMoneyStatus(s)),
      override_available: user.role === 'admin',
    },
    request: core.request ? { ...core.request, ...(await requestExtras(ctx, core.request.id)) } : null,
    assignment: await jobsRepository.currentAssignment(ctx.database.db, taskId),
    money: {
      ...charges,
      state: view.state,
      worker_share_paise: view.workerSharePaise,
      paid_out: view.paidOut,
    },
    messages: await notificationsService.listTaskMessages(ctx, { taskId, requestId: task.requestId }),
    history: (await tasksService.getWorkflow(ctx, taskId)).workflows,
  }
}

/** GET /api/assignments/summaries: assignments for pickers, newest first. */
export async function listAssignmentSummaries(ctx: Ctx, query: JobSummariesQuery): Promise<JobSummariesResponse> {
  return { summaries: await jobsRepository.listSummaries(ctx.database.db, query, 'assignment') }
}

/** GET /api/tasks/summaries: tasks with their current assignment for pickers, newest first. */
export async function listTaskSummaries(ctx: Ctx, query: JobSummariesQuery): Promise<JobSummariesResponse> {
  return { summaries: await jobsRepository.listSummaries(ctx.database.db, query, 'task') }
}

/**
 * GET /api/my/jobs: the worker's jobs (the workers module's list) with where to go and what they
 * earn for each, as Payouts counts it (the payments module's numbers).
 */
export async function listMyJobs(ctx: Ctx, deps: JobsDeps): Promise<MyJobsResponse> {
  const mine = await workersService.listMyJobs(ctx)
  const views = await paymentsService.moneyViewsOf(
    ctx,
    mine.jobs.map((j) => j.task_id),
    deps.commissionBps,
  )
  const requestIds = mine.jobs.map((j) => j.request_id).filter((id): id is number => id !== null)
  const extras = await requestsService.requestExtrasOf(ctx, requestIds)
  const startCodes = await tasksService.pendingStartCodes(
    ctx,
    mine.jobs.map((j) => j.task_id),
  )
  return {
    ...mine,
    jobs: mine.jobs.map(({ request_id, ...job }) => {
      const request = request_id !== null ? extras.get(request_id) : undefined
      return {
        ...job,
        place: placeOf(request?.address ?? null, request?.landmark ?? null) ?? job.town,
        request: request
          ? {
              request_id: request_id!,
              address: request.address,
              landmark: request.landmark,
              description: request.description,
              problems: request.problems,
              time_window: request.time_window,
              location: request.location,
              has_photo: request.has_photo,
              order: request.order,
            }
          : null,
        earning_paise: views.get(job.task_id)?.workerSharePaise ?? null,
        cash_owed_paise: cashOwed(job.status, views.get(job.task_id)),
        // The worker never reads the code itself: only whether one is needed and the tries left.
        start_code: startCodeState(startCodes.get(job.task_id)),
      }
    }),
  }
}

/** What the worker may record as received in cash now: all of it, once the work is done and nothing is paid. */
function cashOwed(status: string, view: { state: string; totalPaise: number | null } | undefined): number | null {
  if (status !== 'work_completed' && status !== 'payment_pending') return null
  return view?.state === 'unpaid' ? view.totalPaise : null
}

/** "12-3 Gandhi Road, near the temple": the address and landmark, or null without an address. */
function placeOf(address: string | null, landmark: string | null): string | null {
  if (!address) return null
  return landmark ? `${address}, ${landmark}` : address
}

/** The request form's extras of one request (none when missing). */
async function requestExtras(ctx: Ctx, requestId: number) {
  const extras = (await requestsService.requestExtrasOf(ctx, [requestId])).get(requestId)
  if (!extras) throw notFound('Request')
  return extras
}

/** A job's start code as its worker sees it (issue 21): needed, used up, or none (started, or no code). */
function startCodeState(code: { triesLeft: number } | undefined): MyJobsResponse['jobs'][number]['start_code'] {
  if (!code) return null
  return { state: code.triesLeft > 0 ? 'needed' : 'used_up', tries_left: code.triesLeft }
}
