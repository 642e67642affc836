import routesEn from '../../locales/en/routes.json' with { type: 'json' }

/**
 * Every screen and its path: the seed's routes exactly as written, then /about, /blog and the
 * screens TownWorks adds. The ids are the keys of `locales/<lng>/routes.json` (title).
 */
export const ROUTE_PATHS = {
  home: '/',
  register: '/register',
  login: '/login',
  profile: '/profile',
  imdDisplay: '/imdDisplay',
  etass: '/etass',
  ts: '/ts',
  tsms: '/tsms',
  ad: '/ad',
  wss: '/wss',
  asu: '/asu',
  swl: '/swl',
  wfs: '/wfs',
  un: '/un',
  ff: '/ff',
  about: '/about',
  blog: '/blog',
  myRequests: '/my/requests',
  myJobs: '/my/jobs',
  requests: '/requests',
  adminUsers: '/admin/users',
  /** Towns and services (issue 20, decision 048): the admin adds, renames and retires them. */
  adminCatalog: '/admin/catalog',
  outbox: '/outbox',
  paySandbox: '/pay/sandbox',
  payouts: '/payouts',
  /** Receipts, tax invoices and credit notes (issue 22, decision 060): the office's list, its CSV and each PDF. */
  invoices: '/invoices',
  /** The office's day at a glance (issue 20): its start screen. */
  dashboard: '/dashboard',
  /** The dispatch board (issue 20): workers' days as a timeline, open requests beside it. */
  board: '/board',
  /** The office's job page (issue 17): one task, by its id. */
  job: '/jobs/:taskId',
} as const satisfies Record<keyof typeof routesEn, string>

export type RouteId = keyof typeof ROUTE_PATHS
export type AppPath = (typeof ROUTE_PATHS)[RouteId]

/** Route ids in the order above. */
export const ROUTE_IDS = Object.keys(ROUTE_PATHS) as RouteId[]

/**
 * The English h1 of every route, by path: what browser tests iterate to check each screen.
 * Read from the English resource file, so it cannot drift from what the screens render.
 */
export const ROUTE_TITLES = Object.fromEntries(ROUTE_IDS.map((id) => [ROUTE_PATHS[id], routesEn[id].title])) as Record<
  AppPath,
  string
>
