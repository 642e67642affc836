import type { CreateQuoteBody, QuoteResponse } from '@townworks/contract'
import { IDEMPOTENCY_KEY_HEADER } from '@townworks/contract/constants'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { api } from '../../../../lib/api-client'
import { requestsKeys } from '../../../../lib/query-keys'

export interface CreateQuoteInput {
  requestId: number
  body: CreateQuoteBody
  /** The same quote sent again (a lost answer) carries the same key: one version is made. */
  idempotencyKey: string
}

/** POST /api/requests/{id}/quotes: a new version, sent to the customer; the waiting one is superseded. */
export function createQuote({ requestId, body, idempotencyKey }: CreateQuoteInput): Promise<QuoteResponse> {
  return api.call('createQuote', {
    params: { id: requestId },
    body,
    headers: { [IDEMPOTENCY_KEY_HEADER]: idempotencyKey },
  })
}

export function useCreateQuote() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: createQuote,
    // The versions (under `requests`) and the inbox, whatever the answer: a 409 means they changed.
    onSettled: () => queryClient.invalidateQueries({ queryKey: requestsKeys.all }),
  })
}
