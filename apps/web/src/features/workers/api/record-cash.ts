import type { PaymentResponse } from '@townworks/contract'
import { IDEMPOTENCY_KEY_HEADER } from '@townworks/contract/constants'
import { api } from '../../../lib/api-client'

export interface RecordCashInput {
  taskId: number
  /** What the customer paid, in paise: what the job shows is owed now (else 409 AMOUNT_CHANGED). */
  amountPaise: number
  /** The worker's few words on it, kept in the job's history. */
  note?: string
  /** One per payment, kept with it in the phone's queue for every retry: the cash is recorded once. */
  idempotencyKey: string
  signal?: AbortSignal
}

/**
 * POST /api/my/jobs/{task_id}/cash: the job's worker records the cash the customer paid them (issue 23,
 * decision 064). A retry with the same key answers the payment already recorded (`replayed: true`);
 * the same key with another amount is 409 IDEMPOTENCY_KEY_REUSED.
 */
export function recordCashReceived({
  taskId,
  amountPaise,
  note,
  idempotencyKey,
  signal,
}: RecordCashInput): Promise<PaymentResponse> {
  return api.call('recordCashReceived', {
    params: { task_id: taskId },
    body: { amount_paise: amountPaise, ...(note ? { note } : {}) },
    headers: { [IDEMPOTENCY_KEY_HEADER]: idempotencyKey },
    signal,
  })
}
