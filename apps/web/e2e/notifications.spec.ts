import { expect, expectAccessible, loginByApi, test } from './support/fixtures'

test.describe('Send SMS and the outbox', () => {
  test.beforeEach(async ({ page }) => {
    await page.goto('/about')
    await loginByApi(page, 'operator')
  })

  test('an operator sends a message from /tsms and sees it in /outbox as sent', async ({ page }) => {
    const text = `Your plumber comes at 10 (journey ${Date.now()})`
    await page.goto('/tsms')
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Send SMS')
    await page.getByRole('textbox', { name: /Phone number/ }).fill('98480 12345')
    await page.getByRole('textbox', { name: /Message/ }).fill(text)
    await expect(page.getByText(`${text.length} / 1000 characters`)).toBeVisible()
    await expectAccessible(page, '/tsms filled in')
    await page.getByRole('button', { name: 'Send' }).click()
    // Queued, then sent by the server's dispatcher (the log provider in this run).
    await expect(page.getByText(/^Message #\d+ sent\.$/)).toBeVisible({ timeout: 20_000 })
    await expect(page.getByRole('textbox', { name: /Phone number/ })).toHaveValue('98480 12345')
    await expectAccessible(page, '/tsms after sending')

    await page.getByRole('link', { name: 'See the outbox' }).click()
    await expect(page).toHaveURL(/\/outbox$/)
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Outbox')
    const row = page.getByRole('row').filter({ hasText: text })
    await expect(row).toHaveCount(1)
    await expect(row.getByRole('cell').nth(2)).toHaveText('Typed message')
    await expect(row.getByRole('cell').nth(3)).toHaveText('WhatsApp')
    await expect(row.getByRole('cell').nth(4)).toHaveText('+91 98480 12345')
    await expect(row.getByRole('cell').nth(6)).toHaveText('Sent')
    await expect(row.getByRole('cell').nth(9)).toHaveText(/^log-\d+$/)
    await expectAccessible(page, '/outbox')

    // The state filter lives in the address.
    await page.getByRole('combobox', { name: 'State' }).click()
    await page.getByRole('option', { name: 'Sent' }).click()
    await expect(page).toHaveURL(/state=sent/)
    await expect(page.getByRole('row').filter({ hasText: text })).toHaveCount(1)
    await page.goto('/outbox?state=failed')
    await expect(page.getByRole('row').filter({ hasText: text })).toHaveCount(0)
  })

  test('an invalid number shows the error line, keeps what was typed, and queues nothing', async ({ page }) => {
    // On a phone.
    await page.setViewportSize({ width: 390, height: 844 })
    await page.goto('/tsms')
    await page.getByRole('textbox', { name: /Phone number/ }).fill('12345')
    await page.getByRole('textbox', { name: /Message/ }).fill('Hello')
    await page.getByRole('button', { name: 'Send' }).click()
    await expect(page.getByTestId('tsms-error')).toHaveText(
      'Please check the form: Enter a 10-digit Indian mobile number',
    )
    await expect(page.getByRole('textbox', { name: /Message/ })).toHaveValue('Hello')
    await expectAccessible(page, '/tsms with an error')
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390)
    // The server refuses it too, whatever the screen does.
    const res = await page.request.post('/send-whatsapp', {
      data: { to: '12345', message: 'Hello' },
      headers: { origin: new URL(page.url()).origin },
    })
    expect(res.status()).toBe(400)
  })
})
