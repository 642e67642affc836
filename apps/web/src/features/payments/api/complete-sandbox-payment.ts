import type { SandboxCompleteBody, SandboxCompleteResponse } from '@townworks/contract'
import { useMutation } from '@tanstack/react-query'
import { api } from '../../../lib/api-client'

/** POST /api/payments/sandbox/complete: the test checkout approves or declines an order. */
export function completeSandboxPayment(body: SandboxCompleteBody): Promise<SandboxCompleteResponse> {
  return api.call('completeSandboxPayment', { body })
}

export function useCompleteSandboxPayment() {
  return useMutation({ mutationFn: completeSandboxPayment })
}
