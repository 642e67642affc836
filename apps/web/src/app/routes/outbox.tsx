import { PlaceholderScreen } from '../screen'

/** Notifications sent and failed (operators). Placeholder until its issue lands. */
export function Component() {
  return <PlaceholderScreen id="outbox" />
}
