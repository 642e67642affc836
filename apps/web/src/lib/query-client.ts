import { QueryClient } from '@tanstack/react-query'
import { ApiError } from './api-client'
import { onSessionChange } from './session'

/** How many times a failed query is tried again when retrying can help (network errors, 5xx). */
export const MAX_QUERY_RETRIES = 2

/**
 * Retry only what a second attempt can fix: no answer or a server error. A 4xx (bad input,
 * not logged in, forbidden, not found, conflict, too many attempts) or an unreadable answer
 * will fail the same way again.
 */
export function shouldRetryQuery(failureCount: number, error: unknown): boolean {
  if (error instanceof ApiError) {
    if (error.kind === 'invalid-response') return false
    if (error.kind === 'http' && error.status < 500) return false
  }
  return failureCount < MAX_QUERY_RETRIES
}

/** A QueryClient with TownWorks defaults; tests make a fresh one each. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: shouldRetryQuery, staleTime: 30_000 },
      // A write is never repeated behind the user's back; the screen offers to send it again.
      mutations: { retry: false },
    },
  })
}

/** The app's one query cache, shared by every screen that reads data (see QueryScope). */
export const queryClient = createQueryClient()

// Answers cached for the previous user (or the visitor) are not the next one's.
onSessionChange((change) => {
  if (change === 'signed-out') queryClient.clear()
  else queryClient.removeQueries()
})
