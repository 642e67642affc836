import type { ServicesResponse, TownsResponse } from '@townworks/contract'
import { queryOptions, useQuery } from '@tanstack/react-query'
import { useEffect } from 'react'
import { api } from '../api-client'
import { setReferenceRows } from '../names'
import { referenceKeys } from '../query-keys'

// Towns and services are rows (decision 048): every screen that offers or shows them reads these two
// lists; their one owner is here. The admin screen (features/reference) writes them and refreshes
// `referenceKeys.all`.

export function getTowns(signal?: AbortSignal): Promise<TownsResponse> {
  return api.call('towns', { signal })
}

export function getServices(signal?: AbortSignal): Promise<ServicesResponse> {
  return api.call('services', { signal })
}

// The lists change rarely: a minute before asking again (the API caches them until a row changes).
export const townsQuery = () =>
  queryOptions({ queryKey: referenceKeys.towns(), queryFn: ({ signal }) => getTowns(signal), staleTime: 60_000 })
export const servicesQuery = () =>
  queryOptions({ queryKey: referenceKeys.services(), queryFn: ({ signal }) => getServices(signal), staleTime: 60_000 })

/**
 * Loads the rows with every screen that has data (QueryScope renders it) and hands them to useNames,
 * so the choices in forms and filters, and the names on every screen, are the rows' in the reader's language.
 */
export function ReferenceRows(): null {
  const towns = useQuery(townsQuery()).data?.towns
  const services = useQuery(servicesQuery()).data?.services
  useEffect(() => {
    if (towns && services) setReferenceRows({ towns, services })
  }, [towns, services])
  return null
}
