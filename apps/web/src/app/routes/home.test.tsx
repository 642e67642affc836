import { screen, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { renderApp } from '../../testing/render'

describe('home page', () => {
  it('welcomes, explains how it works and gives the four reasons to choose us', async () => {
    renderApp({ path: '/' })
    expect(await screen.findByRole('heading', { level: 1, name: 'Welcome to TownWorks' })).toBeInTheDocument()

    const how = screen.getByRole('region', { name: 'How it works' })
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
  })
})
