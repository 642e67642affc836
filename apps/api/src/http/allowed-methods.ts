import { type Endpoint, endpoints } from '@townworks/contract'

const ORDER = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE']

interface PathMethods {
  pattern: RegExp
  methods: Set<string>
}

/** Each path of the endpoints table as a pattern (`:id` matches one segment), with its methods. */
function compile(table: readonly Endpoint[]): PathMethods[] {
  const byPath = new Map<string, Set<string>>()
  for (const e of table) {
    const methods = byPath.get(e.path) ?? new Set<string>()
    methods.add(e.method)
    // Fastify answers HEAD wherever it answers GET.
    if (e.method === 'GET') methods.add('HEAD')
    byPath.set(e.path, methods)
  }
  return [...byPath].map(([path, methods]) => ({
    pattern: new RegExp(
      `^${path
        .split('/')
        .map((part) => (part.startsWith(':') ? '[^/]+' : part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
        .join('/')}/?$`,
    ),
    methods,
  }))
}

const PATHS = compile(Object.values(endpoints) as Endpoint[])

/** The methods the endpoints table answers on this path (no query string), in a fixed order; empty for an unknown path. */
export function allowedMethods(path: string): string[] {
  const allowed = new Set<string>()
  for (const p of PATHS) if (p.pattern.test(path)) for (const m of p.methods) allowed.add(m)
  return ORDER.filter((m) => allowed.has(m))
}
