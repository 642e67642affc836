import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { renderApp } from '../../testing/render'
import { Component as Home } from './home'

describe('home page', { timeout: 40_000 }, () => {
  it('leads with the search and the categories, then explains how it works and the four reasons', async () => {
    renderApp({ path: '/' })
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Welcome to TownWorks' }, { timeout: 20_000 }),
    ).toBeInTheDocument()
    expect(screen.getByRole('searchbox', { name: 'What work do you need done?' })).toBeInTheDocument()
    // The categories arrive just after the search box.
    const tiles = within(await screen.findByRole('navigation', { name: 'Or choose the kind of work' })).getAllByRole(
      'link',
    )
    expect(tiles).toHaveLength(10)
    expect(tiles[0]).toHaveTextContent('Plumbing')
    expect(tiles[0]).toHaveAttribute('href', '/imdDisplay?category=plumbing')

    const how = await screen.findByRole('region', { name: 'How it works' }, { timeout: 20_000 })
    const steps = within(how)
      .getAllByRole('listitem')
      .map((item) => item.textContent)
    expect(steps).toHaveLength(5)
    expect(steps[0]).toMatch(/^Ask for a service/)
    expect(steps[1]).toMatch(/vetted skilled worker by specialization and free time/)
    expect(steps[3]).toMatch(/pay through the platform/)
    expect(steps[4]).toMatch(/worker is paid and the task closes/)

    const reasons = screen.getByRole('region', { name: 'Why choose TownWorks' })
    expect(
      within(reasons)
        .getAllByRole('heading', { level: 3 })
        .map((h) => h.textContent),
    ).toEqual(['Vetted workers', 'Convenience', 'Transparency', 'Support'])
    expect(screen.getByRole('link', { name: 'Ask for a service' })).toHaveAttribute('href', '/imdDisplay')
    expect(screen.getByRole('link', { name: 'Create an account' })).toHaveAttribute('href', '/register')
  })

  it('a search opens the catalog at its results; an empty one opens the whole catalog', async () => {
    const u = userEvent.setup()
    const { router } = renderApp({
      path: '/',
      routes: [
        { path: '/', element: <HomeScreen /> },
        { path: '*', element: null },
      ],
    })
    const box = await screen.findByRole('searchbox', { name: 'What work do you need done?' }, { timeout: 20_000 })
    await u.type(box, ' ప్లంబర్ ')
    await u.click(screen.getByRole('button', { name: 'Search' }))
    expect(router.state.location.pathname).toBe('/imdDisplay')
    expect(new URLSearchParams(router.state.location.search).get('q')).toBe('ప్లంబర్')
  })

  it('offers no account to someone signed in', async () => {
    renderApp({ path: '/', role: 'customer' })
    expect(await screen.findByRole('link', { name: 'Ask for a service' }, { timeout: 20_000 })).toBeInTheDocument()
    await waitFor(() => expect(screen.getByRole('region', { name: 'How it works' })).toBeInTheDocument())
    expect(screen.queryByRole('link', { name: 'Create an account' })).not.toBeInTheDocument()
  })
})

function HomeScreen() {
  return <Home />
}
