/**
 * The app's router: wouter (matching, links, search parameters) over a location source of our own,
 * so that what the app relied on in React Router stays as it was (decision 013):
 * - navigations are transitions: the previous screen stays on view while a lazy one loads;
 * - each history entry has a key and a state (the login screen's way back), and the app knows
 *   whether it got there by a push, a replace or Back/Forward (scroll restoration);
 * - a link to the address already shown replaces it instead of adding a history entry.
 * Everything else imports routing from here, never from wouter directly.
 */
import {
  createContext,
  startTransition,
  use,
  useCallback,
  useLayoutEffect,
  useMemo,
  useState,
  type ComponentPropsWithoutRef,
  type ReactNode,
} from 'react'
import { parse } from 'regexparam'
import { Link, matchRoute, Redirect, Router, useRoute } from 'wouter'

export { Link, Route, Switch, useParams, useSearchParams } from 'wouter'

/** Where the app is: the address, the state the navigation left and the history entry's key. */
export interface Location {
  pathname: string
  search: string
  hash: string
  state: unknown
  key: string
}

/** How the app got to the current address: a link or navigate() (PUSH, REPLACE) or Back/Forward (POP). */
export type NavigationType = 'POP' | 'PUSH' | 'REPLACE'

export interface NavigateOptions {
  replace?: boolean | undefined
  state?: unknown
}

interface RouterState {
  location: Location
  action: NavigationType
}

/** A source of addresses: the browser's history, or a list in memory (tests). */
interface LocationSource {
  current(): RouterState
  navigate(to: string, options?: NavigateOptions): void
  listen(listener: () => void): () => void
}

const hrefOf = ({ pathname, search, hash }: Pick<Location, 'pathname' | 'search' | 'hash'>) =>
  `${pathname}${search}${hash}`

const newKey = () => Math.random().toString(36).slice(2, 10)

/** An address relative to the current one, or undefined when it leaves the app's origin. */
function resolve(to: string, from: Location) {
  const base = new URL(hrefOf(from), window.location.origin)
  const url = new URL(to, base)
  if (url.origin !== base.origin) return undefined
  return {
    pathname: url.pathname,
    search: url.search === '?' ? '' : url.search,
    hash: url.hash === '#' ? '' : url.hash,
  }
}

/** What each source does with a navigation, given where it is. */
function target(to: string, options: NavigateOptions, from: Location) {
  const next = resolve(to, from)
  if (!next) return undefined
  const href = hrefOf(next)
  const action: NavigationType = (options.replace ?? href === hrefOf(from)) ? 'REPLACE' : 'PUSH'
  return { href, action, location: { ...next, state: options.state ?? null, key: newKey() } }
}

/** The entries this app writes into history.state (the same shape as React Router's). */
interface HistoryEntry {
  usr: unknown
  key: string
}

function browserSource(): LocationSource {
  const read = (action: NavigationType): RouterState => {
    const entry = window.history.state as Partial<HistoryEntry> | null
    const { pathname, search, hash } = window.location
    return { location: { pathname, search, hash, state: entry?.usr ?? null, key: entry?.key ?? 'default' }, action }
  }
  let state = read('POP')
  const listeners = new Set<() => void>()
  const emit = () => listeners.forEach((listener) => listener())
  const onPopState = () => {
    state = read('POP')
    emit()
  }
  return {
    current: () => state,
    navigate(to, options = {}) {
      const next = target(to, options, state.location)
      if (!next) {
        window.location.assign(to)
        return
      }
      const entry: HistoryEntry = { usr: next.location.state, key: next.location.key }
      try {
        if (next.action === 'REPLACE') window.history.replaceState(entry, '', next.href)
        else window.history.pushState(entry, '', next.href)
      } catch {
        // Too many entries or a state the browser cannot keep: a full page load still gets there.
        window.location.assign(next.href)
        return
      }
      state = { location: next.location, action: next.action }
      emit()
    },
    listen(listener) {
      if (listeners.size === 0) window.addEventListener('popstate', onPopState)
      listeners.add(listener)
      return () => {
        listeners.delete(listener)
        if (listeners.size === 0) window.removeEventListener('popstate', onPopState)
      }
    },
  }
}

function memorySource(initialPath: string): LocationSource {
  const start = resolve(initialPath, { pathname: '/', search: '', hash: '', state: null, key: 'default' })
  if (!start) throw new Error(`Not an address of this app: ${initialPath}`)
  let state: RouterState = { location: { ...start, state: null, key: 'default' }, action: 'POP' }
  const listeners = new Set<() => void>()
  return {
    current: () => state,
    navigate(to, options = {}) {
      const next = target(to, options, state.location)
      if (!next) throw new Error(`The memory router cannot leave the app: ${to}`)
      state = { location: next.location, action: next.action }
      listeners.forEach((listener) => listener())
    },
    listen(listener) {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
  }
}

interface RouterContextValue {
  state: RouterState
  navigate: (to: string, options?: NavigateOptions) => void
}

const RouterContext = createContext<RouterContextValue | null>(null)

function useRouterContext(): RouterContextValue {
  const value = use(RouterContext)
  if (!value) throw new Error('Routing hooks need a BrowserRouter or MemoryRouter above them')
  return value
}

// wouter reads the address through these hooks: from our state, so it changes inside transitions.
const useWouterLocation = (): [string, (to: string, options?: NavigateOptions) => void] => {
  const { state, navigate } = useRouterContext()
  return [state.location.pathname, navigate]
}
const useWouterSearch = () => useRouterContext().state.location.search

function SourceRouter({ source, children }: { source: LocationSource; children: ReactNode }) {
  const [state, setState] = useState(source.current)
  useLayoutEffect(() => {
    // Navigations are transitions (as BrowserRouter's were): a screen still loading keeps the previous one on view.
    const update = () => startTransition(() => setState(source.current()))
    const stop = source.listen(update)
    // A navigation before this effect ran (a child's <Navigate> on the first render) still counts.
    update()
    return stop
  }, [source])
  const navigate = useCallback((to: string, options?: NavigateOptions) => source.navigate(to, options), [source])
  const value = useMemo(() => ({ state, navigate }), [state, navigate])
  return (
    <RouterContext value={value}>
      <Router hook={useWouterLocation} searchHook={useWouterSearch}>
        {children}
      </Router>
    </RouterContext>
  )
}

/** The router of the running app: the browser's address and history. */
export function BrowserRouter({ children }: { children: ReactNode }) {
  const [source] = useState(browserSource)
  return <SourceRouter source={source}>{children}</SourceRouter>
}

/** A router that keeps its history in memory, starting at `path` (tests). */
export function MemoryRouter({ path = '/', children }: { path?: string; children: ReactNode }) {
  const [source] = useState(() => memorySource(path))
  return <SourceRouter source={source}>{children}</SourceRouter>
}

/** The current address, its state and its history entry's key. */
export function useLocation(): Location {
  return useRouterContext().state.location
}

/** Whether the current address came from a push, a replace or Back/Forward. */
export function useNavigationType(): NavigationType {
  return useRouterContext().state.action
}

/** Go to an address (`replace` to take the current entry's place, `state` for the next screen). */
export function useNavigate(): (to: string, options?: NavigateOptions) => void {
  return useRouterContext().navigate
}

/** Go to an address as soon as this renders. */
export function Navigate(props: { to: string; replace?: boolean; state?: unknown }) {
  return <Redirect {...props} />
}

/** Whether `pathname` is the address `pattern` (matched as the routes are: any case, optional trailing slash). */
export function matchesPath(pattern: string, pathname: string): boolean {
  return matchRoute(parse, pattern, pathname)[0]
}

/** A link that says when it is the current page: aria-current="page" and the class `active`. */
export function NavLink({ to, className, ...props }: Omit<ComponentPropsWithoutRef<'a'>, 'href'> & { to: string }) {
  const [isActive] = useRoute(to)
  return (
    <Link
      {...props}
      to={to}
      className={isActive ? [className, 'active'].filter(Boolean).join(' ') : className}
      aria-current={isActive ? 'page' : undefined}
    />
  )
}

/** An id from the address (`?assignmentId=12`): a positive integer, or undefined for anything else. */
export function idParam(value: string | null): number | undefined {
  const n = Number(value)
  return value && Number.isInteger(n) && n > 0 ? n : undefined
}
