import type { ApiQuery, WebEndpointName } from './api-client'
import { API_ROUTES } from './api-routes'
import { env } from './env'

/**
 * Addresses of the API's files (the tables' CSV exports, decision 045): the browser fetches them
 * itself, streaming to disk, with the session's cookies. Only the screens that offer a file load
 * this module (the entry's api client stays as it is).
 */
export const apiFile = {
  url<N extends WebEndpointName>(name: N, query?: ApiQuery<N>): string {
    const search = new URLSearchParams()
    for (const [key, value] of Object.entries((query ?? {}) as Record<string, unknown>)) {
      if (typeof value === 'string' ? value !== '' : typeof value === 'number' || typeof value === 'boolean')
        search.append(key, String(value))
    }
    const qs = search.toString()
    return `${env.apiBaseUrl}${API_ROUTES[name][1]}${qs ? `?${qs}` : ''}`
  },
}
