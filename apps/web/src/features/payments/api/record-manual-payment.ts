import type { ManualPaymentBody, PaymentResponse, TaskCharges, TaskChargesResponse } from '@townworks/contract'
import { buildPath } from '@townworks/contract/constants'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { api, type EndpointPath } from '../../../lib/api-client'
import { paymentsKeys } from './keys'

/** GET /api/tasks/{id}/charges: what a task costs and what was paid, before recording a payment. */
export async function getTaskCharges(taskId: number): Promise<TaskCharges> {
  const { charges } = await api.get<TaskChargesResponse>(
    buildPath('/api/tasks/:id/charges' satisfies EndpointPath<'taskCharges'>, { id: taskId }),
  )
  return charges
}

export interface ManualPaymentInput extends ManualPaymentBody {
  taskId: number
  /** One key per payment the operator means to record: a retry after a lost answer records it once. */
  idempotencyKey: string
}

/** POST /api/tasks/{id}/payments/manual: cash or UPI received by hand. */
export function recordManualPayment({ taskId, idempotencyKey, ...body }: ManualPaymentInput): Promise<PaymentResponse> {
  return api.post<PaymentResponse>(
    buildPath('/api/tasks/:id/payments/manual' satisfies EndpointPath<'recordManualPayment'>, { id: taskId }),
    body,
    {
      headers: { 'Idempotency-Key': idempotencyKey },
    },
  )
}

export function useRecordManualPayment() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: recordManualPayment,
    onSettled: () => queryClient.invalidateQueries({ queryKey: paymentsKeys.all }),
  })
}
