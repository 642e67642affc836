import type { ReactNode } from 'react'
import { jobDrawerHref } from '../lib/job-address'
import { Link, useLocation } from '../lib/router'

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
