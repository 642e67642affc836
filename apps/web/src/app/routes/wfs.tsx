import { PlaceholderScreen } from '../screen'

/** Workflow display (seed /wfs). Placeholder until its issue lands. */
export function Component() {
  return <PlaceholderScreen id="wfs" />
}
