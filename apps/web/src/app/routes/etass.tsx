import { PlaceholderScreen } from '../screen'

/** Update Task Assignment (seed /etass). Placeholder until its issue lands. */
export function Component() {
  return <PlaceholderScreen id="etass" />
}
