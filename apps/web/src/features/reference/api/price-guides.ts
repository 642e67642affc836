import type { PriceGuideBody } from '@townworks/contract'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { api } from '../../../lib/api-client'
import { priceGuideKeys } from '../../../lib/shared-api/price-guides'

export { priceGuidesQuery } from '../../../lib/shared-api/price-guides'

/** PUT /api/price-guides/{serviceId}/{townId}: the whole guide replaced. */
export function useSavePriceGuide() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ serviceId, townId, body }: { serviceId: number; townId: number; body: PriceGuideBody }) =>
      api.call('savePriceGuide', { params: { serviceId, townId }, body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: priceGuideKeys.all }),
  })
}
