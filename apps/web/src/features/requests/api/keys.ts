import type { RequestsQuery } from '@townworks/contract'

/** Query keys of the requests feature: invalidating `all` refreshes every list and detail. */
export const requestsKeys = {
  all: ['requests'] as const,
  mine: () => ['requests', 'mine'] as const,
  list: (query: Partial<RequestsQuery>) => ['requests', 'list', query] as const,
  detail: (id: number) => ['requests', 'detail', id] as const,
}
