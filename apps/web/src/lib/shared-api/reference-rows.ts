import { setReferenceRows } from '../names'
import { getServices, getTowns } from './reference'

// Towns and services as rows (decision 048), for a screen that paints without a query client: the
// catalog (/imdDisplay) lists the services an admin added since (their cards), so it asks for the
// rows itself, after its first paint (a dynamic import). Screens with data get them from
// ReferenceRows (./reference.ts) instead.

let loading: Promise<void> | undefined

/** Both lists, once a page load, handed to useNames; a failure leaves the compiled cards and may be tried again. */
export function loadReferenceRows(): Promise<void> {
  loading ??= Promise.all([getTowns(), getServices()])
    .then(([t, s]) => setReferenceRows({ towns: t.towns, services: s.services }))
    .catch((error: unknown) => {
      loading = undefined
      throw error
    })
  return loading
}
