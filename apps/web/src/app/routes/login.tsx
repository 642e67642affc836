import { PlaceholderScreen } from '../screen'

/** Sign-in form (seed /login). Placeholder until its issue lands. */
export function Component() {
  return <PlaceholderScreen id="login" />
}
