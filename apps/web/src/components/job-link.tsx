import type { ReactNode } from 'react'
import { Link, useLocation } from '../lib/router'

// How a job is addressed lives here, beside the link every row uses (one small chunk, not two).

/** The search parameter that opens a job in the drawer over a list: `?job=<taskId>` (decision 021). */
export const JOB_PARAM = 'job'

/** The job page of a task. */
export const jobPageHref = (taskId: number) => `/jobs/${taskId}`

/** The current screen's address with the job's drawer open over it (its other parameters kept). */
export function jobDrawerHref(pathname: string, search: string, taskId: number): string {
  const params = new URLSearchParams(search)
  params.set(JOB_PARAM, String(taskId))
  return `${pathname}?${params.toString()}`
}

export interface JobLinkProps {
  taskId: number
  /** What the link says: the task's reference (TW-000123), how the office names a job. */
  children: ReactNode
  /** Read instead of the text, when the text alone does not say it opens the job ("Open TW-000123"). */
  label?: string | undefined
  className?: string | undefined
}

/**
 * A row's way into its job: opens the job in the drawer over the list (`?job=<taskId>`), so the
 * list stays where it was; the drawer links to the full page.
 */
export function JobLink({ taskId, children, label, className }: JobLinkProps) {
  const { pathname, search } = useLocation()
  return (
    <Link
      to={jobDrawerHref(pathname, search, taskId)}
      aria-label={label}
      className={['job-link', className].filter(Boolean).join(' ')}
      data-job-link={taskId}
    >
      {children}
    </Link>
  )
}
