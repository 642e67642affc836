import { PlaceholderScreen } from '../screen'

/** Welcome page with logout (seed /profile). Placeholder until its issue lands. */
export function Component() {
  return <PlaceholderScreen id="profile" />
}
