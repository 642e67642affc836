import { vi } from 'vitest'

export const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } })

type Handler = (url: URL, init: RequestInit | undefined) => Response | Promise<Response>

/** A fetch that answers by method and path; anything unexpected is a 404 so a test sees it. */
export function routeFetch(routes: Record<string, Handler>) {
  const calls: { method: string; url: URL; body: unknown }[] = []
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost')
    const method = init?.method ?? 'GET'
    calls.push({ method, url, body: init?.body ? JSON.parse(String(init.body)) : undefined })
    const key = Object.keys(routes).find((k) => {
      const [m, p] = k.split(' ')
      return m === method && (p === url.pathname || (p!.endsWith('*') && url.pathname.startsWith(p!.slice(0, -1))))
    })
    if (!key) return json(404, { message: `no route for ${method} ${url.pathname}`, code: 'NOT_FOUND' })
    return routes[key]!(url, init)
  })
  vi.stubGlobal('fetch', fetchMock)
  return { fetchMock, calls }
}
