import { ProfilePanel } from '../../features/auth/components/profile-panel'
import { Screen } from '../screen'

/** Profile (seed /profile): for a logged-in user only; a visitor is sent to /login by the guard. */
export function Component() {
  return (
    <Screen id="profile">
      <ProfilePanel />
    </Screen>
  )
}
