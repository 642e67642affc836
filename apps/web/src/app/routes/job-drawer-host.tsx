import { isAllowed, STAFF } from '@townworks/contract/constants'
import { lazy, Suspense } from 'react'
import { i18n } from '../../lib/i18n'
import { loadWithTimeout } from '../../lib/lazy-with-timeout'
import { useLocation, useSearchParams } from '../../lib/router'
import { useSession } from '../../lib/session'
import { JOB_PARAM } from '../../components/job-link'

// The drawer's code (the job view) and its words load only when a list opens a job.
const JobDrawer = lazy(() =>
  loadWithTimeout(() =>
    Promise.all([import('./job-drawer'), i18n.loadNamespaces(['jobs', 'assignments'])]).then(([m]) => ({
      default: m.JobDrawer,
    })),
  ),
)

/**
 * A job opened from a list without leaving it (decision 021): `?job=<taskId>` on a list screen that
 * renders this host (inbox, Assignment Details, outbox, Payouts) opens the job view in a drawer over
 * it; closing it takes the parameter away. Rendered by those screens' route files, not the layout,
 * so the shell's first load does not grow.
 */
export function JobDrawerHost() {
  const session = useSession()
  const { pathname } = useLocation()
  const [params] = useSearchParams()
  const value = params.get(JOB_PARAM)
  if (!value || !isAllowed(STAFF, session.role) || pathname.startsWith('/jobs/')) return null
  return (
    <Suspense fallback={null}>
      <JobDrawer value={value} />
    </Suspense>
  )
}
