import {
  buildPath,
  endpoints,
  TaskChargesResponseSchema,
  type AddLineItemBody,
  type SetPriceBody,
  type TaskCharges,
} from '@townworks/contract'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { api } from '../../../lib/api-client'
import { paymentsKeys } from './keys'

/** PUT /api/tasks/{id}/price: a new price, with the reason the customer will see recorded. */
export async function setTaskPrice({ taskId, ...body }: SetPriceBody & { taskId: number }): Promise<TaskCharges> {
  const path = buildPath(endpoints.setTaskPrice.path, { id: taskId })
  return (await api.put(path, body, TaskChargesResponseSchema)).charges
}

/** POST /api/tasks/{id}/line-items: materials or extra work added before the customer pays. */
export async function addLineItem({ taskId, ...body }: AddLineItemBody & { taskId: number }): Promise<TaskCharges> {
  const path = buildPath(endpoints.addLineItem.path, { id: taskId })
  return (await api.post(path, body, TaskChargesResponseSchema)).charges
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
