import { act, render, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { lazy, Suspense, type ComponentType } from 'react'
import { afterEach, describe, expect, it } from 'vitest'
import {
  BrowserRouter,
  Link,
  matchesPath,
  MemoryRouter,
  NavLink,
  Route,
  Switch,
  useLocation,
  useNavigate,
  useNavigationType,
  useSearchParams,
} from './router'

/** Prints where the router is. */
function Where() {
  const location = useLocation()
  const type = useNavigationType()
  return (
    <output aria-label="where">
      {`${location.pathname}${location.search}${location.hash} ${type} ${JSON.stringify(location.state)}`}
    </output>
  )
}
const where = () => screen.getByRole('status', { name: 'where' }).textContent

describe('the router', () => {
  it('matches paths as the routes do: any case, an optional trailing slash, nothing more', () => {
    expect(matchesPath('/imdDisplay', '/imdDisplay')).toBe(true)
    expect(matchesPath('/imdDisplay', '/imddisplay/')).toBe(true)
    expect(matchesPath('/my/requests', '/my/requests/x')).toBe(false)
    expect(matchesPath('/', '/about')).toBe(false)
  })

  it('marks the link of the current page with aria-current="page" and the class active', async () => {
    const user = userEvent.setup()
    render(
      <MemoryRouter path="/about">
        <NavLink to="/" className="menu">
          Home
        </NavLink>
        <NavLink to="/about" className="menu">
          About
        </NavLink>
      </MemoryRouter>,
    )
    expect(screen.getByRole('link', { name: 'About' })).toHaveAttribute('aria-current', 'page')
    expect(screen.getByRole('link', { name: 'About' })).toHaveClass('menu', 'active')
    expect(screen.getByRole('link', { name: 'Home' })).not.toHaveAttribute('aria-current')
    expect(screen.getByRole('link', { name: 'Home' })).toHaveAttribute('class', 'menu')
    await user.click(screen.getByRole('link', { name: 'Home' }))
    expect(screen.getByRole('link', { name: 'Home' })).toHaveAttribute('aria-current', 'page')
    expect(screen.getByRole('link', { name: 'About' })).not.toHaveAttribute('aria-current')
  })

  it('pushes a new address, replaces the current one, and hands the state to the next screen', async () => {
    const user = userEvent.setup()
    function Buttons() {
      const navigate = useNavigate()
      return (
        <button type="button" onClick={() => navigate('/login', { replace: true, state: { from: '/ts' } })}>
          login
        </button>
      )
    }
    render(
      <MemoryRouter path="/">
        <Link to="/blog?page=2#top">blog</Link>
        <Link to="/">home</Link>
        <Buttons />
        <Where />
      </MemoryRouter>,
    )
    expect(where()).toBe('/ POP null')
    await user.click(screen.getByRole('link', { name: 'home' }))
    // A link to the address on view does not add a history entry.
    expect(where()).toBe('/ REPLACE null')
    await user.click(screen.getByRole('link', { name: 'blog' }))
    expect(where()).toBe('/blog?page=2#top PUSH null')
    await user.click(screen.getByRole('button', { name: 'login' }))
    expect(where()).toBe('/login REPLACE {"from":"/ts"}')
  })

  it('changes one search parameter and keeps the others', async () => {
    const user = userEvent.setup()
    function Filters() {
      const [params, setParams] = useSearchParams()
      return (
        <button
          type="button"
          onClick={() =>
            setParams(
              (prev) => {
                const next = new URLSearchParams(prev)
                next.set('page', '2')
                return next
              },
              { replace: true },
            )
          }
        >
          page {params.get('page') ?? '1'} of {params.get('state')}
        </button>
      )
    }
    render(
      <MemoryRouter path="/requests?state=new">
        <Filters />
        <Where />
      </MemoryRouter>,
    )
    await user.click(screen.getByRole('button', { name: 'page 1 of new' }))
    expect(screen.getByRole('button', { name: 'page 2 of new' })).toBeInTheDocument()
    expect(where()).toBe('/requests?state=new&page=2 REPLACE null')
  })

  it('keeps the previous screen on view while the next one loads (navigations are transitions)', async () => {
    const user = userEvent.setup()
    let arrive: (module: { default: ComponentType }) => void = () => {}
    const Next = lazy(() => new Promise<{ default: ComponentType }>((resolve) => (arrive = resolve)))
    render(
      <MemoryRouter path="/">
        <Suspense fallback={<p>Loading…</p>}>
          <Switch>
            <Route path="/">
              <Link to="/next">go</Link>
            </Route>
            <Route path="/next">
              <Next />
            </Route>
          </Switch>
        </Suspense>
      </MemoryRouter>,
    )
    await user.click(screen.getByRole('link', { name: 'go' }))
    expect(screen.getByRole('link', { name: 'go' })).toBeInTheDocument()
    expect(screen.queryByText('Loading…')).not.toBeInTheDocument()
    await act(async () => arrive({ default: () => <h1>Next screen</h1> }))
    expect(await screen.findByRole('heading', { name: 'Next screen' })).toBeInTheDocument()
  })

  describe('in the browser', () => {
    afterEach(() => window.history.replaceState(null, '', '/'))

    it('keeps a key and the state in each history entry, and Back returns to them as POP', async () => {
      const user = userEvent.setup()
      window.history.replaceState(null, '', '/about')
      function Key() {
        return <output aria-label="key">{useLocation().key}</output>
      }
      render(
        <BrowserRouter>
          <Link to="/login" state={{ from: { pathname: '/about' } }}>
            login
          </Link>
          <Where />
          <Key />
        </BrowserRouter>,
      )
      const firstKey = screen.getByRole('status', { name: 'key' }).textContent
      expect(where()).toBe('/about POP null')
      await user.click(screen.getByRole('link', { name: 'login' }))
      expect(window.location.pathname).toBe('/login')
      expect(where()).toBe('/login PUSH {"from":{"pathname":"/about"}}')
      const loginKey = screen.getByRole('status', { name: 'key' }).textContent
      expect(loginKey).not.toBe(firstKey)
      expect(window.history.state).toEqual({ usr: { from: { pathname: '/about' } }, key: loginKey })

      act(() => window.history.back())
      await waitFor(() => expect(where()).toBe('/about POP null'))
      expect(screen.getByRole('status', { name: 'key' })).toHaveTextContent(firstKey ?? '')
      act(() => window.history.forward())
      await waitFor(() => expect(where()).toBe('/login POP {"from":{"pathname":"/about"}}'))
      expect(screen.getByRole('status', { name: 'key' })).toHaveTextContent(loginKey ?? '')
    })
  })
})
