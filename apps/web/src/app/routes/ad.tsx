import { PlaceholderScreen } from '../screen'

/** Assignment Details table (seed /ad). Placeholder until its issue lands. */
export function Component() {
  return <PlaceholderScreen id="ad" />
}
