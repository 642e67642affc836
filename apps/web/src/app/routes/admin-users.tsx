import { StaffSecurityPanel } from '../../features/users/components/staff-security-panel'
import { UsersAdmin } from '../../features/users/components/users-admin'
import { MantineScope } from '../../lib/mantine'
import { Screen } from '../screen'

/** Users (admin): every account, its role, its state and its worker profile. */
export function Component() {
  return (
    <MantineScope>
      <Screen id="adminUsers">
        <StaffSecurityPanel />
        <UsersAdmin />
      </Screen>
    </MantineScope>
  )
}
