import { ROLES, SCREEN_ACCESS } from '@townworks/contract/constants'
import { ROUTE_TITLES } from '../src/app/routes/route-titles'
import { expect, expectAccessible, test } from './support/fixtures'

test('the route table and the screen access table name the same screens', () => {
  expect(Object.keys(ROUTE_TITLES).sort()).toEqual(Object.keys(SCREEN_ACCESS).sort())
  expect(ROLES.length).toBe(4)
})

// Every screen's h1, header, footer and axe scan, in all three languages at 390 and 1280 px: i18n.spec.ts.

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
