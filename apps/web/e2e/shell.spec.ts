import { isAllowed, ROLES, SCREEN_ACCESS, type Role, type ScreenPath } from '@townworks/contract/constants'
import { ROUTE_TITLES } from '../src/app/routes/route-titles'
import { expect, expectAccessible, loginByApi, test } from './support/fixtures'

/** Someone who may open the screen: a visitor for public screens, else the first role allowed. */
function openerOf(path: ScreenPath): Role | undefined {
  const access = SCREEN_ACCESS[path]
  if (access === 'public') return undefined
  return (['admin', 'operator', 'customer', 'worker'] as const).find((r) => isAllowed(access, r))
}

test('the route table and the screen access table name the same screens', () => {
  expect(Object.keys(ROUTE_TITLES).sort()).toEqual(Object.keys(SCREEN_ACCESS).sort())
  expect(ROLES.length).toBe(4)
})

for (const width of [1280, 800]) {
  for (const [path, title] of Object.entries(ROUTE_TITLES)) {
    test(`${path} renders "${title}" and is accessible at ${width} px`, async ({ page }) => {
      await page.setViewportSize({ width, height: 900 })
      const role = openerOf(path as ScreenPath)
      if (role) {
        await page.goto('/about')
        await loginByApi(page, role)
      }
      await page.goto(path)
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(title)
      await expect(page.getByRole('banner').getByRole('link', { name: 'TownWorks home' })).toBeVisible()
      await expect(page.getByRole('contentinfo')).toBeVisible()
      await expectAccessible(page, `${path} at ${width} px`)
    })
  }
}

test('an unknown route shows the error screen', async ({ page }) => {
  await page.goto('/no/such/place')
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Unexpected Application Error!')
  await expect(page.getByRole('link', { name: /home/i }).last()).toBeVisible()
  await expectAccessible(page, 'error screen')
})

test('a client route survives a reload (the server falls back to the app)', async ({ page }) => {
  await page.goto('/about')
  await page.reload()
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(ROUTE_TITLES['/about'])
  const api = await page.request.get('/api/no-such-call')
  expect(api.status()).toBe(404)
  expect(await api.json()).toMatchObject({ code: 'NOT_FOUND' })
})
