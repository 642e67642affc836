import { PlaceholderScreen } from '../screen'

/** SMS screen (seed /tsms). Placeholder until its issue lands. */
export function Component() {
  return <PlaceholderScreen id="tsms" />
}
