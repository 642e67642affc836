import type { CartResponse, SkilledWorkersResponse } from '@townworks/contract'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { api } from '../../../lib/api-client'
import { workersKeys } from '../../../lib/query-keys'

/** PUT /api/skilledworker/cart (seed call 15): one worker into the caller's cart, counted once. */
export function addToCart(workerId: number): Promise<CartResponse> {
  return api.call('addToCart', { body: { worker_id: workerId, cart_count: 1 } })
}

/** Add to cart; the row shows the server's count at once, then the list is read again. */
export function useAddToCart() {
  const queryClient = useQueryClient()
  const queryKey = workersKeys.skilled()
  return useMutation({
    mutationFn: addToCart,
    onSuccess: (answer) => {
      queryClient.setQueryData<SkilledWorkersResponse>(queryKey, (old) =>
        old
          ? {
              skilledworkers: old.skilledworkers.map((w) =>
                w.worker_id === answer.worker_id ? { ...w, cart_count: answer.cart_count } : w,
              ),
            }
          : old,
      )
      return queryClient.invalidateQueries({ queryKey })
    },
  })
}
