import type { WorkerSuggestionsQuery, WorkerSuggestionsResponse } from '@townworks/contract'
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query'
import { api } from '../api-client'
import { assignmentsKeys } from '../query-keys'

/** GET /api/workers/suggestions: workers free for a slot, best match first. */
export function getWorkerSuggestions(
  query: WorkerSuggestionsQuery,
  signal?: AbortSignal,
): Promise<WorkerSuggestionsResponse> {
  return api.call('workerSuggestions', { query, signal })
}

export const workerSuggestionsQuery = (query: WorkerSuggestionsQuery) =>
  queryOptions({
    queryKey: assignmentsKeys.suggestions(query),
    queryFn: ({ signal }) => getWorkerSuggestions(query, signal),
    staleTime: 10_000,
  })

/** Suggestions for a complete slot; nothing is asked while the slot is incomplete (`query` undefined). */
export function useWorkerSuggestions(query: WorkerSuggestionsQuery | undefined) {
  return useQuery({
    ...workerSuggestionsQuery(query ?? ({} as WorkerSuggestionsQuery)),
    enabled: query !== undefined,
    placeholderData: keepPreviousData,
  })
}
