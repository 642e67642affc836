import { PlaceholderScreen } from '../screen'

/** Task scheduler, Create Schedule (seed /ts). Placeholder until its issue lands. */
export function Component() {
  return <PlaceholderScreen id="ts" />
}
