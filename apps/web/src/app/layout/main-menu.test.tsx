import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { renderWithRouter } from '../../testing/render'
import { installViewport, resizeViewport } from '../../testing/viewport'
import { MainMenu } from './main-menu'
import { MENU_ITEMS } from './menu-items'

// Behaviour tests run as an admin, who sees every seed entry but the visitors' Login; the role tests say who.
function renderMenu(options: Parameters<typeof renderWithRouter>[1] = {}) {
  const result = renderWithRouter(
    <>
      <MainMenu items={MENU_ITEMS} role={'role' in options ? options.role : 'admin'} />
      <p>Outside the menu</p>
    </>,
    options,
  )
  return { ...result, nav: screen.getByRole('navigation', { name: 'Main' }) }
}

const toggle = (label: string) => screen.getByRole('button', { name: `${label} submenu` })
const submenuOf = (label: string) => {
  const id = toggle(label).getAttribute('aria-controls')
  const element = id ? document.getElementById(id) : null
  if (!element) throw new Error(`no submenu for ${label}`)
  return element
}

describe('main menu above 960 px (1280)', () => {
  it('shows every top entry without a Menu button', () => {
    renderMenu()
    expect(screen.queryByRole('button', { name: 'Menu' })).not.toBeInTheDocument()
    for (const name of ['Home', 'Service Request', 'Task Scheduler', 'Workflow', 'Skilled Workers', 'About', 'Blog']) {
      expect(screen.getAllByRole('link', { name })[0]).toBeVisible()
    }
  })

  it('opens a submenu while the mouse hovers its entry and closes it when the mouse leaves', async () => {
    const user = userEvent.setup()
    renderMenu()
    const item = toggle('Task Scheduler').closest('li')
    if (!item) throw new Error('no item')
    expect(submenuOf('Task Scheduler')).not.toBeVisible()

    await user.hover(item)
    expect(toggle('Task Scheduler')).toHaveAttribute('aria-expanded', 'true')
    const submenu = submenuOf('Task Scheduler')
    expect(submenu).toBeVisible()
    expect(
      within(submenu)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual([
      'Dashboard',
      'Dispatch board',
      'Update Assignment',
      'Status update',
      'Assignment details',
      'Payouts',
      'Receipts and invoices',
    ])

    await user.unhover(item)
    expect(toggle('Task Scheduler')).toHaveAttribute('aria-expanded', 'false')
    expect(submenuOf('Task Scheduler')).not.toBeVisible()
  })

  it('keeps one submenu open at a time', async () => {
    const user = userEvent.setup()
    renderMenu()
    await user.click(toggle('Service Request'))
    await user.click(toggle('Workflow'))
    expect(toggle('Service Request')).toHaveAttribute('aria-expanded', 'false')
    expect(toggle('Workflow')).toHaveAttribute('aria-expanded', 'true')
  })

  it('reaches every top entry with Tab, opens with Enter, Space or ArrowDown and closes with Escape', async () => {
    const user = userEvent.setup()
    renderMenu()

    const reached: string[] = []
    for (let i = 0; i < 14; i += 1) {
      await user.tab()
      const active = document.activeElement
      if (active?.tagName === 'A') reached.push(active.textContent ?? '')
    }
    expect(reached).toEqual([
      'Home',
      'Service Request',
      'Task Scheduler',
      'Workflow',
      'Skilled Workers',
      'About',
      'Blog',
    ])

    toggle('Service Request').focus()
    await user.keyboard('{Enter}')
    expect(toggle('Service Request')).toHaveAttribute('aria-expanded', 'true')
    await user.keyboard('{Escape}')
    expect(toggle('Service Request')).toHaveAttribute('aria-expanded', 'false')
    expect(toggle('Service Request')).toHaveFocus()

    await user.keyboard(' ')
    expect(toggle('Service Request')).toHaveAttribute('aria-expanded', 'true')
    await user.keyboard(' ')
    expect(toggle('Service Request')).toHaveAttribute('aria-expanded', 'false')

    await user.keyboard('{ArrowDown}')
    expect(toggle('Service Request')).toHaveAttribute('aria-expanded', 'true')
    expect(within(submenuOf('Service Request')).getByRole('link', { name: 'Service Request' })).toHaveFocus()
    await user.keyboard('{ArrowDown}')
    expect(within(submenuOf('Service Request')).getByRole('link', { name: 'Send message' })).toHaveFocus()

    // Escape from inside the submenu closes it and puts focus back on its button.
    await user.keyboard('{Escape}')
    expect(toggle('Service Request')).toHaveAttribute('aria-expanded', 'false')
    expect(toggle('Service Request')).toHaveFocus()
  })

  it('closes an open submenu when Tab moves focus past it', async () => {
    const user = userEvent.setup()
    renderMenu()
    toggle('Skilled Workers').focus()
    await user.keyboard('{Enter}')
    await user.tab() // into the submenu: Worker Services
    expect(screen.getByRole('link', { name: 'Worker Services' })).toHaveFocus()
    await user.tab() // on to About
    expect(toggle('Skilled Workers')).toHaveAttribute('aria-expanded', 'false')
  })

  it('closes an open submenu on a click outside the menu', async () => {
    const user = userEvent.setup()
    renderMenu()
    await user.click(toggle('About'))
    expect(submenuOf('About')).toBeVisible()
    await user.click(screen.getByText('Outside the menu'))
    expect(toggle('About')).toHaveAttribute('aria-expanded', 'false')
  })

  it('closes the submenu after following one of its links', async () => {
    const user = userEvent.setup()
    const { router } = renderMenu()
    await user.click(toggle('Workflow'))
    await user.click(within(submenuOf('Workflow')).getByRole('link', { name: 'Workflow Display' }))
    await waitFor(() => expect(router.state.location.pathname).toBe('/wfs'))
    expect(toggle('Workflow')).toHaveAttribute('aria-expanded', 'false')
  })
})

describe('main menu at or below 960 px (800)', () => {
  it('puts the entries behind a Menu button', async () => {
    installViewport(800)
    const user = userEvent.setup()
    renderMenu()
    const menuButton = screen.getByRole('button', { name: 'Menu' })
    expect(menuButton).toHaveAttribute('aria-expanded', 'false')
    expect(screen.queryByRole('link', { name: 'Home' })).not.toBeInTheDocument() // hidden list: not in the a11y tree

    await user.click(menuButton)
    expect(menuButton).toHaveAttribute('aria-expanded', 'true')
    expect(screen.getByRole('link', { name: 'Home' })).toBeVisible()

    await user.keyboard('{Escape}')
    expect(menuButton).toHaveAttribute('aria-expanded', 'false')
    expect(menuButton).toHaveFocus()
  })

  it('opens a submenu on click, not on hover, and a second click closes it', async () => {
    installViewport(800)
    const user = userEvent.setup()
    renderMenu()
    await user.click(screen.getByRole('button', { name: 'Menu' }))

    const item = toggle('Service Request').closest('li')
    if (!item) throw new Error('no item')
    await user.hover(item)
    expect(toggle('Service Request')).toHaveAttribute('aria-expanded', 'false')

    await user.click(toggle('Service Request'))
    expect(toggle('Service Request')).toHaveAttribute('aria-expanded', 'true')
    expect(within(submenuOf('Service Request')).getByRole('link', { name: 'Send message' })).toBeVisible()

    await user.unhover(item)
    expect(toggle('Service Request')).toHaveAttribute('aria-expanded', 'true')

    await user.click(toggle('Service Request'))
    expect(toggle('Service Request')).toHaveAttribute('aria-expanded', 'false')
  })

  it('closes on a click outside', async () => {
    installViewport(800)
    const user = userEvent.setup()
    renderMenu()
    await user.click(screen.getByRole('button', { name: 'Menu' }))
    await user.click(toggle('Service Request'))
    expect(toggle('Service Request')).toHaveAttribute('aria-expanded', 'true')
    await user.click(screen.getByText('Outside the menu'))
    expect(screen.getByRole('button', { name: 'Menu' })).toHaveAttribute('aria-expanded', 'false')
    // Opening the menu again starts with every submenu closed.
    await user.click(screen.getByRole('button', { name: 'Menu' }))
    expect(toggle('Service Request')).toHaveAttribute('aria-expanded', 'false')
  })

  it('switches behaviour when the window is resized across 960 px', async () => {
    const user = userEvent.setup()
    renderMenu()
    await user.click(toggle('Blog'))
    expect(toggle('Blog')).toHaveAttribute('aria-expanded', 'true')

    resizeViewport(960)
    await waitFor(() => expect(screen.getByRole('button', { name: 'Menu' })).toBeInTheDocument())
    expect(screen.getByRole('button', { name: 'Menu' })).toHaveAttribute('aria-expanded', 'false')

    resizeViewport(961)
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Menu' })).not.toBeInTheDocument())
  })
})

describe('main menu and roles', () => {
  it('hides role-gated entries from a visitor', async () => {
    const user = userEvent.setup()
    renderMenu({ role: undefined })
    await user.click(toggle('Service Request'))
    const submenu = submenuOf('Service Request')
    expect(within(submenu).queryByRole('link', { name: 'My requests' })).not.toBeInTheDocument()
    expect(within(submenu).queryByRole('link', { name: 'Requests inbox' })).not.toBeInTheDocument()
    expect(screen.queryByRole('link', { name: 'Users' })).not.toBeInTheDocument()
  })

  it('shows a customer My requests but not the operators’ inbox', async () => {
    const user = userEvent.setup()
    renderMenu({ role: 'customer' })
    await user.click(toggle('Service Request'))
    const submenu = submenuOf('Service Request')
    expect(within(submenu).getByRole('link', { name: 'My requests' })).toHaveAttribute('href', '/my/requests')
    expect(within(submenu).queryByRole('link', { name: 'Requests inbox' })).not.toBeInTheDocument()
  })

  it('shows an operator the inbox and outbox, and an admin the users too', async () => {
    const user = userEvent.setup()
    const { unmount } = renderMenu({ role: 'operator' })
    await user.click(toggle('Service Request'))
    expect(screen.getByRole('link', { name: 'Requests inbox' })).toHaveAttribute('href', '/requests')
    expect(screen.getByRole('link', { name: 'Outbox' })).toHaveAttribute('href', '/outbox')
    await user.click(toggle('About'))
    expect(screen.queryByRole('link', { name: 'Users' })).not.toBeInTheDocument()
    unmount()

    renderMenu({ role: 'admin' })
    await user.click(toggle('About'))
    expect(screen.getByRole('link', { name: 'Users' })).toHaveAttribute('href', '/admin/users')
  })

  it('shows a worker My jobs', async () => {
    const user = userEvent.setup()
    renderMenu({ role: 'worker' })
    await user.click(toggle('Task Scheduler'))
    expect(screen.getByRole('link', { name: 'My jobs' })).toHaveAttribute('href', '/my/jobs')
  })
})
