import type { WorkerServicesQuery } from '@townworks/contract'
import { placeName } from '@townworks/contract/places'
import { useCallback } from 'react'
import { useSearchParams } from '../../../lib/router'

/** Filters live in the address (?town=&service=&q=), so a filtered view can be shared and survives a reload. */
export function useWorkerFilters() {
  const [params, setParams] = useSearchParams()
  const town = placeName(params.get('town'))
  const service = placeName(params.get('service'))
  const filter: WorkerServicesQuery = {
    ...(town ? { town } : {}),
    ...(service ? { service } : {}),
    ...(params.get('q')?.trim() ? { q: params.get('q')!.trim().slice(0, 64) } : {}),
  }
  const set = useCallback(
    (key: 'town' | 'service' | 'q', value: string | null) =>
      setParams(
        (current) => {
          const next = new URLSearchParams(current)
          if (value) next.set(key, value)
          else next.delete(key)
          return next
        },
        { replace: true },
      ),
    [setParams],
  )
  return { filter, search: params.get('q') ?? '', set, clear: () => setParams({}, { replace: true }) }
}
