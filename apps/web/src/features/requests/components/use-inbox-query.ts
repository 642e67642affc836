import { REQUEST_STATES } from '@townworks/contract/constants'
import { placeName } from '@townworks/contract/places'
import { useSearchParams } from '../../../lib/router'
import type { InboxQuery } from '../api/list-requests'

export const INBOX_PAGE_SIZE = 20

const DATE = /^\d{4}-\d{2}-\d{2}$/
const day = (value: string | null) => (value !== null && DATE.test(value) ? value : undefined)

const pick = <T extends string>(value: string | null, allowed: readonly T[]): T | undefined =>
  value !== null && (allowed as readonly string[]).includes(value) ? (value as T) : undefined

/** The filters live in the address (?state=&town=&service=&createdFrom=&createdTo=&page=), so a link or a reload keeps them. */
export function useInboxQuery(): [InboxQuery, (change: Record<string, string | null>) => void] {
  const [params, setParams] = useSearchParams()
  const page = Math.max(1, Number.parseInt(params.get('page') ?? '1', 10) || 1)
  const query: InboxQuery = {
    state: pick(params.get('state'), REQUEST_STATES),
    town: placeName(params.get('town')),
    service: placeName(params.get('service')),
    // Received on these days: the dashboard's "new requests" link (decision 042).
    createdFrom: day(params.get('createdFrom')),
    createdTo: day(params.get('createdTo')),
    page,
    pageSize: INBOX_PAGE_SIZE,
  }
  const change = (next: Record<string, string | null>) => {
    setParams(
      (current) => {
        const updated = new URLSearchParams(current)
        for (const [key, value] of Object.entries(next)) {
          if (value) updated.set(key, value)
          else updated.delete(key)
        }
        // A new filter starts at its first page.
        if (!('page' in next)) updated.delete('page')
        return updated
      },
      { replace: true },
    )
  }
  return [query, change]
}
