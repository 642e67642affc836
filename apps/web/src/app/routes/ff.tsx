import { PlaceholderScreen } from '../screen'

/** First flow diagram demo (seed /ff). Placeholder until its issue lands. */
export function Component() {
  return <PlaceholderScreen id="ff" />
}
