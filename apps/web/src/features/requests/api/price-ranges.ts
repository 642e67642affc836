import { api } from '../../../lib/api-client'
import { VISITOR, withDeviceCopy } from '../../../lib/offline/device-copy'
import { referenceKeys } from '../../../lib/query-keys'
import { setPriceRanges } from '../model/price-range'

// GET /api/price-ranges (public, cached by the API until a guide, service or town changes; decision 063):
// the catalog's cards and the request form show "about ₹X–₹Y". Fetched after a screen paints (a
// dynamic import from the catalog, with the form's code from the form), never in a first load.

let loading: Promise<void> | undefined

/** Every range, once a page load, handed to usePriceRange; with no signal the device's copy stands in. */
export function loadPriceRanges(): Promise<void> {
  loading ??= withDeviceCopy(VISITOR, referenceKeys.priceRanges(), () => api.call('priceRanges'))
    .then((answer) => setPriceRanges(answer.ranges))
    .catch((error: unknown) => {
      // No range is shown rather than a wrong one; the next screen that wants them asks again.
      loading = undefined
      throw error
    })
  return loading
}

/** For tests: the next screen asks again. */
export function forgetPriceRangesLoad(): void {
  loading = undefined
}
