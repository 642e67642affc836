import { TownsAndServices } from '../../features/reference/components/towns-and-services'
import { MantineScope } from '../../lib/mantine'
import { Screen } from '../screen'

/** Towns and services (admin, decision 048): add, rename, retire, and which services each town offers. */
export function Component() {
  return (
    <MantineScope>
      <Screen id="adminCatalog">
        <TownsAndServices />
      </Screen>
    </MantineScope>
  )
}
