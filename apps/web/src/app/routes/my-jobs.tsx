import { PlaceholderScreen } from '../screen'

/** A worker's assignments and payouts. Placeholder until its issue lands. */
export function Component() {
  return <PlaceholderScreen id="myJobs" />
}
