import type { AddLineItemBody, SetPriceBody, TaskCharges, TaskChargesResponse } from '@townworks/contract'
import { buildPath } from '@townworks/contract/constants'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { api, type EndpointPath } from '../../../lib/api-client'
import { paymentsKeys } from './keys'

/** PUT /api/tasks/{id}/price: a new price, with the reason the customer will see recorded. */
export async function setTaskPrice({ taskId, ...body }: SetPriceBody & { taskId: number }): Promise<TaskCharges> {
  const path = buildPath('/api/tasks/:id/price' satisfies EndpointPath<'setTaskPrice'>, { id: taskId })
  return (await api.put<TaskChargesResponse>(path, body)).charges
}

/** POST /api/tasks/{id}/line-items: materials or extra work added before the customer pays. */
export async function addLineItem({ taskId, ...body }: AddLineItemBody & { taskId: number }): Promise<TaskCharges> {
  const path = buildPath('/api/tasks/:id/line-items' satisfies EndpointPath<'addLineItem'>, { id: taskId })
  return (await api.post<TaskChargesResponse>(path, body)).charges
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
