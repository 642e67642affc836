import { PlaceholderScreen } from '../screen'

/** Worker Services Details (seed /wss). Placeholder until its issue lands. */
export function Component() {
  return <PlaceholderScreen id="wss" />
}
