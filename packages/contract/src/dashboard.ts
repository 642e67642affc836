import { z } from 'zod'
import { DateSchema } from './common'
import { STAFF } from './constants'
import { endpoint } from './endpoint'
import { ServiceSchema, TownSchema } from './options'

/**
 * The office's day at a glance (issue #20, decision 042). Each count is what one list screen shows
 * for one filter, so the number and the list never disagree:
 * - new_requests: requests received today (GET /api/requests?createdFrom=today&createdTo=today)
 * - unassigned: requests still open, not scheduled or rejected (GET /api/requests?state=open)
 * - scheduled: assignments booked for today, not started (GET /api/assignmentdetails?status=assigned&from=today&to=today)
 * - in_progress: assignments being worked on (…?status=work_inprogress)
 * - awaiting_payment: work confirmed done, payment not yet in (…?status=payment_pending)
 * - overdue: past their start time and not started (…?overdue=true)
 * - failed_messages: messages that failed (GET /api/notifications?state=failed)
 *
 * In the order the dashboard shows them.
 */
export const DASHBOARD_COUNTS = [
  'new_requests',
  'unassigned',
  'scheduled',
  'in_progress',
  'awaiting_payment',
  'overdue',
  'failed_messages',
] as const
export type DashboardCount = (typeof DASHBOARD_COUNTS)[number]

/** GET /api/dashboard/today */
export const DashboardTodaySchema = z.object({
  /** Today in Asia/Kolkata, yyyy-MM-dd: the date the counts' list filters use. */
  today: z.string(),
  counts: z.object(
    Object.fromEntries(DASHBOARD_COUNTS.map((k) => [k, z.number().int()])) as Record<DashboardCount, z.ZodNumber>,
  ),
})
export type DashboardToday = z.infer<typeof DashboardTodaySchema>

/** The longest period the charts cover, in days. */
export const DASHBOARD_MAX_DAYS = 370

/** GET /api/dashboard/charts: a period (inclusive, Asia/Kolkata dates) and optional town and service. */
export const DashboardChartsQuerySchema = z
  .object({
    from: DateSchema,
    to: DateSchema,
    town: TownSchema.optional(),
    service: ServiceSchema.optional(),
  })
  .superRefine((q, ctx) => {
    if (q.to < q.from) ctx.addIssue({ code: 'custom', path: ['to'], message: 'The period ends before it starts' })
    else if ((Date.parse(q.to) - Date.parse(q.from)) / 86_400_000 >= DASHBOARD_MAX_DAYS)
      ctx.addIssue({ code: 'custom', path: ['to'], message: `Choose at most ${DASHBOARD_MAX_DAYS} days` })
  })
export type DashboardChartsQuery = z.infer<typeof DashboardChartsQuerySchema>

/** Requests received on one day, and how many of them were accepted (scheduled) or rejected. */
export const RequestsDaySchema = z.object({
  day: z.string(),
  received: z.number().int(),
  accepted: z.number().int(),
  rejected: z.number().int(),
})

/** One week (its Monday, yyyy-MM-dd) of money and work. */
export const DashboardWeekSchema = z.object({
  week: z.string(),
  /** Captured customer payments, paise. */
  revenue_paise: z.number().int(),
  /** Payouts recorded to workers, paise. */
  payouts_paise: z.number().int(),
  /** Minutes booked (assignments not cancelled) and minutes the workers said they work. */
  booked_minutes: z.number().int(),
  working_minutes: z.number().int(),
  /** Average hours from a request to its first assignment, for requests received that week; null when none. */
  assignment_hours: z.number().nullable(),
  /** How many requests that average covers. */
  assigned_requests: z.number().int(),
})
export type DashboardWeek = z.infer<typeof DashboardWeekSchema>

export const DashboardChartsSchema = z.object({
  days: z.array(RequestsDaySchema),
  weeks: z.array(DashboardWeekSchema),
})
export type DashboardCharts = z.infer<typeof DashboardChartsSchema>

/** The dashboard endpoints: the office only. */
export const dashboardEndpoints = {
  dashboardToday: endpoint({
    method: 'GET',
    path: '/api/dashboard/today',
    access: STAFF,
    tag: 'dashboard',
    summary: "Today's counts, each the total of one filtered list",
    response: DashboardTodaySchema,
  }),
  dashboardCharts: endpoint({
    method: 'GET',
    path: '/api/dashboard/charts',
    access: STAFF,
    tag: 'dashboard',
    summary: 'Requests per day and money, utilisation and time to assignment per week, over a period',
    query: DashboardChartsQuerySchema,
    response: DashboardChartsSchema,
  }),
} as const
