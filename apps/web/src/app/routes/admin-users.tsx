import { PlaceholderScreen } from '../screen'

/** User accounts and roles (admin only). Placeholder until its issue lands. */
export function Component() {
  return <PlaceholderScreen id="adminUsers" />
}
