import type { DeclineQuoteBody, QuoteResponse } from '@townworks/contract'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { api } from '../../../../lib/api-client'
import { requestsKeys } from '../../../../lib/query-keys'

export interface DeclineQuoteInput {
  quoteId: number
  body: DeclineQuoteBody
}

/** POST /api/quotes/{id}/decline: the request's customer declines a quote, with an optional reason; the request closes. */
export function declineQuote({ quoteId, body }: DeclineQuoteInput): Promise<QuoteResponse> {
  return api.call('declineQuote', { params: { id: quoteId }, body })
}

/** Decline a quote; declined or refused, My requests is read again before the answer is handed back. */
export function useDeclineQuote() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: declineQuote,
    onSettled: () => queryClient.invalidateQueries({ queryKey: requestsKeys.mine() }),
  })
}
