import { PlaceholderScreen } from '../screen'

/** A customer's requests and their status timelines. Placeholder until its issue lands. */
export function Component() {
  return <PlaceholderScreen id="myRequests" />
}
