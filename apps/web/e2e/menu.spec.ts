import { expect, expectAccessible, test } from './support/fixtures'

test.describe('the menu on a wide screen (1280 px)', () => {
  test.use({ viewport: { width: 1280, height: 800 } })

  test('hover opens a submenu and leaving closes it', async ({ page }) => {
    await page.goto('/')
    const nav = page.getByRole('navigation', { name: 'Main' })
    const toggle = nav.getByRole('button', { name: 'Login submenu' })
    await expect(toggle).toHaveAttribute('aria-expanded', 'false')
    await nav.getByRole('link', { name: 'Login', exact: true }).first().hover()
    await expect(toggle).toHaveAttribute('aria-expanded', 'true')
    await expect(nav.getByRole('link', { name: 'Register' })).toBeVisible()
    await expectAccessible(page, 'menu open at 1280 px')
    // Leave the menu: the open submenu hangs over the page's top, so go well below it.
    await page.mouse.move(640, 760)
    await expect(toggle).toHaveAttribute('aria-expanded', 'false')
    await expect(nav.getByRole('link', { name: 'Register' })).toBeHidden()
  })

  test('the keyboard opens, walks and closes a submenu', async ({ page }) => {
    await page.goto('/')
    const nav = page.getByRole('navigation', { name: 'Main' })
    const toggle = nav.getByRole('button', { name: 'Service Request submenu' })
    await toggle.focus()
    await page.keyboard.press('Enter')
    await expect(toggle).toHaveAttribute('aria-expanded', 'true')
    await page.keyboard.press('Escape')
    await expect(toggle).toHaveAttribute('aria-expanded', 'false')
    await expect(toggle).toBeFocused()
    await page.keyboard.press('ArrowDown')
    await expect(nav.getByRole('link', { name: 'Service Request' }).last()).toBeFocused()
  })
})

test.describe('the menu on a narrow screen (800 px)', () => {
  test.use({ viewport: { width: 800, height: 900 } })

  test('click opens, a click outside closes', async ({ page }) => {
    await page.goto('/')
    const nav = page.getByRole('navigation', { name: 'Main' })
    await nav.getByRole('button', { name: 'Menu' }).click()
    const toggle = nav.getByRole('button', { name: 'Login submenu' })
    // Hovering does nothing here: only a click opens.
    await nav.getByRole('link', { name: 'Login', exact: true }).first().hover()
    await expect(toggle).toHaveAttribute('aria-expanded', 'false')
    await toggle.click()
    await expect(toggle).toHaveAttribute('aria-expanded', 'true')
    await expect(nav.getByRole('link', { name: 'Register' })).toBeVisible()
    await expectAccessible(page, 'menu open at 800 px')
    // The open menu covers the top of the page: click the footer, well outside it.
    await page.getByRole('contentinfo').click({ position: { x: 5, y: 5 } })
    await expect(nav.getByRole('link', { name: 'Register' })).toBeHidden()
  })

  test('a submenu link navigates', async ({ page }) => {
    await page.goto('/')
    const nav = page.getByRole('navigation', { name: 'Main' })
    await nav.getByRole('button', { name: 'Menu' }).click()
    await nav.getByRole('button', { name: 'Login submenu' }).click()
    await nav.getByRole('link', { name: 'Register' }).click()
    await expect(page).toHaveURL(/\/register$/)
  })
})
