import type { PriceGuideBody } from '@townworks/contract'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { api } from '../../../lib/api-client'

/** The price guide's queries (issue 22, decision 063). */
export const priceGuideKeys = { all: ['price-guides'] as const }

/** GET /api/price-guides: every guide with its items and range (admin, operator). */
export const priceGuidesQuery = () => ({
  queryKey: priceGuideKeys.all,
  queryFn: ({ signal }: { signal: AbortSignal }) => api.call('priceGuides', { signal }),
})

/** PUT /api/price-guides/{serviceId}/{townId}: the whole guide replaced. */
export function useSavePriceGuide() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ serviceId, townId, body }: { serviceId: number; townId: number; body: PriceGuideBody }) =>
      api.call('savePriceGuide', { params: { serviceId, townId }, body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: priceGuideKeys.all }),
  })
}
