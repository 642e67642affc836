import { PanelBoundary } from '../../components/panel-boundary'
import { MyPayouts } from '../../features/payments/components/my-payouts'

/** My jobs' payouts panel, in a boundary of its own: loaded after the jobs (my-jobs.tsx, decision 047). */
export function MyJobsPayouts({ label }: { label: string }) {
  return (
    <PanelBoundary label={label}>
      <MyPayouts />
    </PanelBoundary>
  )
}
