import { isAllowed, SCREEN_ACCESS, type ScreenPath } from '@townworks/contract/constants'
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { COMPANY } from '../config/company'
import { renderApp } from '../testing/render'
import { lazyScreen, RootRoute, routes, ScreenOutlet } from './router'
import { ROUTE_PATHS, ROUTE_TITLES } from './routes/route-titles'

describe('router', () => {
  it('has a title for every route and a route for every title', () => {
    const routed = routes.map((route) => route.path)
    expect(routed.sort()).toEqual(Object.keys(ROUTE_TITLES).sort())
  })

  it('keeps the seed’s routes exactly as written', () => {
    const seed = [
      '/',
      '/register',
      '/login',
      '/profile',
      '/imdDisplay',
      '/etass',
      '/ts',
      '/tsms',
      '/ad',
      '/wss',
      '/asu',
      '/swl',
      '/wfs',
      '/un',
      '/ff',
    ]
    const added = [
      '/about',
      '/blog',
      '/my/requests',
      '/my/jobs',
      '/requests',
      '/admin/users',
      '/admin/catalog',
      '/outbox',
      '/pay/sandbox',
      '/payouts',
      '/invoices',
      '/jobs/:taskId',
      '/dashboard',
      '/board',
    ]
    expect(Object.values(ROUTE_PATHS).sort()).toEqual([...seed, ...added].sort())
  })

  it.each(Object.entries(ROUTE_TITLES))(
    'renders %s inside the layout with its h1 “%s” and tab title',
    async (path, title) => {
      // Someone who may open the screen: the guards are tested on their own below.
      const access = SCREEN_ACCESS[path as ScreenPath]
      const role =
        access === 'public' ? undefined : (['admin', 'customer', 'worker'] as const).find((r) => isAllowed(access, r))
      renderApp({ path, role })
      // Screens with Mantine take a while to import in jsdom on a busy machine: this is not a timing test.
      expect(await screen.findByRole('heading', { level: 1, name: title }, { timeout: 10_000 })).toBeInTheDocument()
      expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1)
      expect(screen.getByRole('banner')).toBeInTheDocument()
      expect(screen.getByRole('navigation', { name: 'Main' })).toBeInTheDocument()
      expect(screen.getByRole('main')).toContainElement(screen.getByRole('heading', { level: 1 }))
      expect(screen.getByRole('contentinfo')).toBeInTheDocument()
      await waitFor(() => expect(document.title).toContain(path === '/' ? 'TownWorks' : `${title} · TownWorks`))
    },
    // The whole test, not only the heading's wait, may take the first import of a screen's chunk.
    30_000,
  )

  it('sends a visitor of a protected screen to the login screen', async () => {
    const { router } = renderApp({ path: '/ts' })
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'))
    expect(router.state.location.state).toEqual({ from: { pathname: '/ts', search: '', hash: '' } })
  })

  it('tells a logged-in user of another role that the screen is not for them', async () => {
    renderApp({ path: '/admin/users', role: 'customer' })
    expect(await screen.findByRole('heading', { level: 1, name: 'This page is not for your account' })).toBeVisible()
  })

  it('says an unknown address is a page that does not exist, inside the layout', async () => {
    renderApp({ path: '/no/such/page' })
    expect(await screen.findByRole('heading', { level: 1, name: 'This page does not exist' })).toBeInTheDocument()
    expect(screen.getByText('404 Not Found')).toBeInTheDocument()
    expect(screen.queryByText('Unexpected Application Error!')).toBeNull()
    expect(screen.getByRole('link', { name: 'Go to the home page' })).toHaveAttribute('href', '/')
    expect(screen.getByRole('banner')).toBeInTheDocument()
    await waitFor(() => expect(document.title).toBe('This page does not exist · TownWorks'))
  })

  it('shows a Retry button when a screen’s code does not arrive in time', async () => {
    const Slow = lazyScreen({ load: () => new Promise(() => {}) }, 20)
    const slowRoutes = [
      {
        path: '/slow',
        element: (
          <RootRoute>
            <ScreenOutlet>
              <Slow />
            </ScreenOutlet>
          </RootRoute>
        ),
      },
    ]
    renderApp({ path: '/slow', routes: slowRoutes })
    expect(await screen.findByRole('heading', { level: 1, name: 'Unexpected Application Error!' })).toBeInTheDocument()
    expect(screen.getByRole('heading', { level: 2, name: 'This page did not load' })).toBeInTheDocument()
    expect(screen.getByText(/took too long to arrive/)).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Retry' })).toBeInTheDocument()
    expect(screen.getByRole('banner')).toBeInTheDocument()
  })

  it('shows the error screen when a screen throws while rendering', async () => {
    function Broken(): never {
      throw new Error('render failed')
    }
    const brokenRoutes = [
      {
        path: '/',
        element: (
          <RootRoute>
            <ScreenOutlet>
              <Broken />
            </ScreenOutlet>
          </RootRoute>
        ),
      },
    ]
    const original = console.error
    console.error = () => {}
    try {
      renderApp({ path: '/', routes: brokenRoutes })
      expect(
        await screen.findByRole('heading', { level: 1, name: 'Unexpected Application Error!' }),
      ).toBeInTheDocument()
      expect(screen.getByRole('heading', { level: 2, name: 'Something went wrong' })).toBeInTheDocument()
      expect(screen.getByRole('button', { name: 'Retry' })).toBeInTheDocument()
    } finally {
      console.error = original
    }
  })
})

describe('layout', () => {
  it('has a skip link that moves focus to the main content', async () => {
    const user = userEvent.setup()
    renderApp({ path: '/about' })
    await screen.findByRole('heading', { level: 1 })
    await user.tab()
    const skip = screen.getByRole('link', { name: 'Skip to main content' })
    expect(skip).toHaveFocus()
    await user.keyboard('{Enter}')
    expect(screen.getByRole('main')).toHaveFocus()
  })

  it('links the logo home under the name “TownWorks home”', async () => {
    renderApp({ path: '/blog' })
    await screen.findByRole('heading', { level: 1 })
    expect(within(screen.getByRole('banner')).getByRole('link', { name: 'TownWorks home' })).toHaveAttribute(
      'href',
      '/',
    )
  })

  it('prints the company, its registration numbers, address and phone in the footer', async () => {
    renderApp({ path: '/about' })
    await screen.findByRole('heading', { level: 1 })
    const footer = within(screen.getByRole('contentinfo'))
    expect(footer.getAllByText(COMPANY.name, { exact: false }).length).toBeGreaterThan(0)
    expect(footer.getByText(COMPANY.cin)).toBeInTheDocument()
    expect(footer.getByText(COMPANY.gstin)).toBeInTheDocument()
    expect(footer.getByText(/Armoor, Nizamabad district/)).toBeInTheDocument()
    expect(footer.getByRole('link', { name: COMPANY.phone.display })).toHaveAttribute('href', COMPANY.phone.href)
  })

  it('moves focus to the new content after following a menu link', async () => {
    const user = userEvent.setup()
    renderApp({ path: '/' })
    await screen.findByRole('heading', { level: 1, name: 'Welcome to TownWorks' })
    await user.click(
      within(screen.getByRole('navigation', { name: 'Main' })).getAllByRole('link', { name: 'Blog' })[0] as HTMLElement,
    )
    expect(await screen.findByRole('heading', { level: 1, name: 'Blog' })).toBeInTheDocument()
    await waitFor(() => expect(screen.getByRole('main')).toHaveFocus())
  })
})
