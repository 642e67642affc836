import { PlaceholderScreen } from '../screen'

/** Assignment Status Update (seed /asu). Placeholder until its issue lands. */
export function Component() {
  return <PlaceholderScreen id="asu" />
}
