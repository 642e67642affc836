import { PlaceholderScreen } from '../screen'

/** Update-node diagram demo (seed /un). Placeholder until its issue lands. */
export function Component() {
  return <PlaceholderScreen id="un" />
}
