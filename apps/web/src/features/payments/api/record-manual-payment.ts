import {
  endpoints,
  PaymentResponseSchema,
  TaskChargesResponseSchema,
  buildPath,
  type ManualPaymentBody,
  type PaymentResponse,
  type TaskCharges,
} from '@townworks/contract'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { api } from '../../../lib/api-client'
import { paymentsKeys } from './keys'

/** GET /api/tasks/{id}/charges: what a task costs and what was paid, before recording a payment. */
export async function getTaskCharges(taskId: number): Promise<TaskCharges> {
  const { charges } = await api.get(buildPath(endpoints.taskCharges.path, { id: taskId }), TaskChargesResponseSchema)
  return charges
}

export interface ManualPaymentInput extends ManualPaymentBody {
  taskId: number
  /** One key per payment the operator means to record: a retry after a lost answer records it once. */
  idempotencyKey: string
}

/** POST /api/tasks/{id}/payments/manual: cash or UPI received by hand. */
export function recordManualPayment({ taskId, idempotencyKey, ...body }: ManualPaymentInput): Promise<PaymentResponse> {
  return api.post(buildPath(endpoints.recordManualPayment.path, { id: taskId }), body, PaymentResponseSchema, {
    headers: { 'Idempotency-Key': idempotencyKey },
  })
}

export function useRecordManualPayment() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: recordManualPayment,
    onSettled: () => queryClient.invalidateQueries({ queryKey: paymentsKeys.all }),
  })
}
