import { setReferenceRows } from '../names'
import { withDeviceCopy, VISITOR } from '../offline/device-copy'
import { referenceKeys } from '../query-keys'
import { getServices, getTowns } from './reference'

// Towns and services as rows (decision 048), for a screen that paints without a query client: the
// catalog (/imdDisplay) lists the services an admin added since (their cards), so it asks for the
// rows itself, after its first paint (a dynamic import). Screens with data get them from
// ReferenceRows (./reference.ts) instead.

let loading: Promise<void> | undefined

/** Both lists, once a page load, handed to useNames; a failure leaves the compiled cards and may be tried again. */
export function loadReferenceRows(): Promise<void> {
  // Public rows: with no signal, the device's copy stands in (issue 23): the catalog's request form
  // then still offers the towns and services.
  loading ??= Promise.all([
    withDeviceCopy(VISITOR, referenceKeys.towns(), () => getTowns()),
    withDeviceCopy(VISITOR, referenceKeys.services(), () => getServices()),
  ])
    .then(([t, s]) => setReferenceRows({ towns: t.towns, services: s.services }))
    .catch((error: unknown) => {
      loading = undefined
      throw error
    })
  return loading
}
