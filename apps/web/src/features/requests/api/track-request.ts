import type { TrackRequestBody, TrackRequestResponse } from '@townworks/contract'
import { useMutation } from '@tanstack/react-query'
import { api } from '../../../lib/api-client'

/** POST /api/track: where a request stands, by its reference and mobile number (public, rate-limited). */
export function trackRequest(body: TrackRequestBody): Promise<TrackRequestResponse> {
  return api.call('trackRequest', { body })
}

/** A look-up is an action the person takes (and counts against a limit): a mutation, not a cached read. */
export function useTrackRequest() {
  return useMutation({ mutationFn: trackRequest })
}
