import type { DashboardCount } from '@townworks/contract'

/**
 * Today's counts in the order shown: the contract's DASHBOARD_COUNTS, written again here because the
 * contract's module carries zod; `satisfies` and the exhaustive switch below keep the two in step.
 */
export const COUNTS_SHOWN = [
  'new_requests',
  'unassigned',
  'scheduled',
  'in_progress',
  'awaiting_payment',
  'overdue',
  'failed_messages',
] as const satisfies readonly DashboardCount[]

/**
 * The list behind each of today's counts, with the filter that gives the same total (decision 042;
 * the contract's DASHBOARD_COUNTS says which). `today` is the server's date in Asia/Kolkata.
 */
export function countLink(count: DashboardCount, today: string): string {
  switch (count) {
    case 'new_requests':
      return `/requests?createdFrom=${today}&createdTo=${today}`
    case 'unassigned':
      return '/requests?state=open'
    case 'scheduled':
      return `/ad?status=assigned&from=${today}&to=${today}`
    case 'in_progress':
      return '/ad?status=work_inprogress'
    case 'awaiting_payment':
      return '/ad?status=payment_pending'
    case 'overdue':
      return '/ad?overdue=true'
    case 'failed_messages':
      return '/outbox?state=failed'
  }
}

/** The counts that ask for action when above zero: drawn in the warning colour. */
export const ALARMING_COUNTS: ReadonlySet<DashboardCount> = new Set(['unassigned', 'overdue', 'failed_messages'])

/** yyyy-MM-dd `days` after a yyyy-MM-dd date (UTC arithmetic: a calendar day, no zone shift). */
export function addDays(date: string, days: number): string {
  const d = new Date(`${date}T00:00:00Z`)
  d.setUTCDate(d.getUTCDate() + days)
  return d.toISOString().slice(0, 10)
}
