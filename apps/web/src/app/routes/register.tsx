import { PlaceholderScreen } from '../screen'

/** Sign-up form (seed /register). Placeholder until its issue lands. */
export function Component() {
  return <PlaceholderScreen id="register" />
}
