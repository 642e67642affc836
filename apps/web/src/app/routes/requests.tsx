import { PlaceholderScreen } from '../screen'

/** The operators' inbox of new service requests. Placeholder until its issue lands. */
export function Component() {
  return <PlaceholderScreen id="requests" />
}
