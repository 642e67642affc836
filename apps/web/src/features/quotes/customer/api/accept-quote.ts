import type { AcceptQuoteResponse } from '@townworks/contract'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { api } from '../../../../lib/api-client'
import { requestsKeys } from '../../../../lib/query-keys'

/**
 * POST /api/quotes/{id}/accept: the request's customer accepts a waiting quote (decision 061); the
 * answer says whether its slot was booked at once or the office schedules.
 */
export function acceptQuote(quoteId: number): Promise<AcceptQuoteResponse> {
  return api.call('acceptQuote', { params: { id: quoteId } })
}

/**
 * Accept a quote. Accepted or refused (a newer version, expired, decided already), My requests is read
 * again before the answer is handed back, so the card shows the quote as it now is.
 */
export function useAcceptQuote() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: acceptQuote,
    onSettled: () => queryClient.invalidateQueries({ queryKey: requestsKeys.mine() }),
  })
}
