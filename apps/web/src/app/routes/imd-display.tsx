import { PlaceholderScreen } from '../screen'

/** Service request catalogue (seed /imdDisplay). Placeholder until its issue lands. */
export function Component() {
  return <PlaceholderScreen id="imdDisplay" />
}
