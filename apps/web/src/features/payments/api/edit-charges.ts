import type { AddLineItemBody, SetPriceBody, TaskCharges } from '@townworks/contract'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { api } from '../../../lib/api-client'
import { paymentsKeys } from '../../../lib/query-keys'

/** PUT /api/tasks/{id}/price: a new price, with the reason the customer will see recorded. */
export async function setTaskPrice({ taskId, ...body }: SetPriceBody & { taskId: number }): Promise<TaskCharges> {
  return (await api.call('setTaskPrice', { params: { id: taskId }, body })).charges
}

/** POST /api/tasks/{id}/line-items: materials or extra work added before the customer pays. */
export async function addLineItem({ taskId, ...body }: AddLineItemBody & { taskId: number }): Promise<TaskCharges> {
  return (await api.call('addLineItem', { params: { id: taskId }, body })).charges
}

export function useSetTaskPrice() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: setTaskPrice,
    onSettled: () => queryClient.invalidateQueries({ queryKey: paymentsKeys.all }),
  })
}

export function useAddLineItem() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: addLineItem,
    onSettled: () => queryClient.invalidateQueries({ queryKey: paymentsKeys.all }),
  })
}
