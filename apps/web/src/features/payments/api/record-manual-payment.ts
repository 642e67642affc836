import type { ManualPaymentBody, PaymentResponse, TaskCharges } from '@townworks/contract'
import { IDEMPOTENCY_KEY_HEADER } from '@townworks/contract/constants'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { api } from '../../../lib/api-client'
import { paymentsKeys } from '../../../lib/query-keys'

/** GET /api/tasks/{id}/charges: what a task costs and what was paid, before recording a payment. */
export async function getTaskCharges(taskId: number): Promise<TaskCharges> {
  const { charges } = await api.call('taskCharges', { params: { id: taskId } })
  return charges
}

export interface ManualPaymentInput extends ManualPaymentBody {
  taskId: number
  /** One key per payment the operator means to record: a retry after a lost answer records it once. */
  idempotencyKey: string
}

/** POST /api/tasks/{id}/payments/manual: cash or UPI received by hand. */
export function recordManualPayment({ taskId, idempotencyKey, ...body }: ManualPaymentInput): Promise<PaymentResponse> {
  return api.call('recordManualPayment', {
    params: { id: taskId },
    body,
    headers: { [IDEMPOTENCY_KEY_HEADER]: idempotencyKey },
  })
}

export function useRecordManualPayment() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: recordManualPayment,
    onSettled: () => queryClient.invalidateQueries({ queryKey: paymentsKeys.all }),
  })
}
