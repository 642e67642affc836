import { PlaceholderScreen } from '../screen'

/** Skilled Workers and shortlist (seed /swl). Placeholder until its issue lands. */
export function Component() {
  return <PlaceholderScreen id="swl" />
}
