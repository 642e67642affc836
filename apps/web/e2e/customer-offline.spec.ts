import type { MyRequestsResponse, TownRow } from '@townworks/contract'
import type { Page } from '@playwright/test'
import { expect, loginAs, test } from './support/fixtures'
import { underServiceWorker } from './support/offline'
import { apiAs, apiWith, ok, ownAccount, uniqueTag } from './support/world'

/*
 * Issue 23, a customer on 2G: the request form opens and sends with no signal; the request waits on the
 * phone (IndexedDB), survives a reload, goes when the signal returns with the Idempotency-Key it was
 * given, and its reference is shown; the server holds it once. A request the server refuses after the
 * signal returns (its town retired meanwhile) is shown with the reason, and the form with what was typed.
 * Each journey uses a customer (and, for the refusal, a town) of its own.
 */

const SAVED = 'No signal — your request is saved on this phone and will be sent when you are back online.'

/** The form's four steps for a plumber, in a town, for today, morning; the account's name and number. */
async function fillRequest(page: Page, values: { town: string; address: string }) {
  const dialog = page.getByRole('dialog', { name: 'Enter Service Request Details' })
  await expect(dialog.getByTestId('request-step')).toHaveText('What is wrong?')
  await dialog.getByRole('button', { name: 'Next' }).click()
  await dialog.getByLabel(/House number and street/).fill(values.address)
  await dialog.getByRole('combobox', { name: /^Town/ }).click()
  await page.getByRole('option', { name: values.town }).click()
  await dialog.getByRole('button', { name: 'Next' }).click()
  await dialog.locator('label', { hasText: /^Today$/ }).click()
  await dialog.locator('label', { hasText: 'Morning' }).click()
  await dialog.getByRole('button', { name: 'Next' }).click()
  await expect(dialog.getByTestId('request-step')).toHaveText('Who should we call?')
  await dialog.getByLabel('Your Name').fill('Offline Obulamma')
  await dialog.getByLabel('Mobile Number').fill('9848044444')
  return dialog
}

test.describe('with the app on the phone (its service worker)', () => {
  test.use({ serviceWorkers: 'allow' })

  test('a customer sends a request with no signal, reopens the app, and sees its reference when the signal returns; stored once', async ({
    page,
    context,
  }, testInfo) => {
    const tag = uniqueTag(testInfo)
    const address = `4-5 Station Road ${tag}`
    const admin = await apiAs('admin')
    const login = await ownAccount(admin, testInfo, 'customer')
    await page.goto('/about')
    await loginAs(page, login)

    // Home, online, under the service worker; then the catalog (its services and towns kept on the phone).
    await page.goto('/')
    await underServiceWorker(page)
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Welcome to TownWorks')
    await page.getByRole('link', { name: 'Ask for a service' }).click()
    const services = page.getByRole('main').getByRole('listitem')
    await expect(services).toHaveCount(24)
    // The phone's copies of the towns and services are written (IndexedDB) before going offline. (The
    // database is only opened once it exists: opening it first would make it without its store.)
    await expect
      .poll(() =>
        page.evaluate(async () => {
          if (!(await indexedDB.databases()).some((d) => d.name === 'townworks-copies')) return 0
          return new Promise<number>((resolve) => {
            const open = indexedDB.open('townworks-copies')
            open.onerror = () => resolve(0)
            open.onsuccess = () => {
              const db = open.result
              if (!db.objectStoreNames.contains('copies')) return resolve(0)
              const keys = db.transaction('copies').objectStore('copies').getAllKeys()
              keys.onsuccess = () => {
                db.close()
                resolve(keys.result.filter((k) => /towns|services/.test(String(k))).length)
              }
              keys.onerror = () => resolve(0)
            }
          })
        }),
      )
      .toBeGreaterThanOrEqual(2)

    // No signal from here: the catalog opens again from the phone, and so does the form.
    await context.setOffline(true)
    await page.reload()
    await expect(services).toHaveCount(24)
    await page.getByRole('button', { name: /^Plumbing:/ }).click()
    const dialog = await fillRequest(page, { town: 'Nirmal', address })
    await dialog.getByRole('button', { name: 'SUBMIT' }).click()
    await expect(dialog.getByText(SAVED)).toBeVisible()

    // The app closed and opened again, still with no signal: the request waits on the phone.
    await page.reload()
    const queued = page.getByTestId('queued-requests')
    await expect(queued).toContainText('Waiting to send: Plumber in Nirmal')

    // The signal returns: it is sent with its key, and the reference is shown.
    await context.setOffline(false)
    await expect(queued).toContainText(/Request sent: .* Your reference number is TW-\d{6}\./)
    const reference = /TW-\d{6}/.exec((await queued.textContent()) ?? '')![0]

    // The server holds it once.
    const customer = await apiWith(login)
    const mine = await ok<MyRequestsResponse>(customer.get('/api/my/requests'))
    expect(mine.requests.map((r) => r.reference)).toEqual([reference])

    // Seen: it goes.
    await queued.getByRole('button', { name: 'OK' }).click()
    await expect(queued).toHaveCount(0)
  })
})

test('a request refused after the signal returns (its town retired meanwhile) shows why, with what was typed', async ({
  page,
  context,
}, testInfo) => {
  const tag = uniqueTag(testInfo)
  const admin = await apiAs('admin')
  // A town of this journey's own, offering plumbing; retired while the request waits.
  const body = { name: `Offline ${tag}`.slice(0, 40), services: ['Plumber'] }
  const town = await ok<TownRow>(admin.post('/api/admin/towns', { data: body }))
  const login = await ownAccount(admin, testInfo, 'customer')
  await page.goto('/about')
  await loginAs(page, login)

  await page.goto('/imdDisplay')
  await page.getByRole('button', { name: /^Plumbing:/ }).click()
  const dialog = await fillRequest(page, { town: town.name, address: `9 Lake View ${tag}` })
  await context.setOffline(true)
  await dialog.getByRole('button', { name: 'SUBMIT' }).click()
  await expect(dialog.getByText(SAVED)).toBeVisible()

  await ok(admin.put(`/api/admin/towns/${town.id}`, { data: { ...body, active: false } }))
  await context.setOffline(false)

  // The server's reason, by the field it named, with everything typed still there.
  await expect(dialog.getByRole('alert').first()).toContainText(
    'Please correct the marked fields. Everything you typed is still here.',
  )
  await expect(dialog.getByText('This town is no longer served')).toBeVisible()
  await expect(dialog.getByText(SAVED)).toHaveCount(0)
  await expect(dialog.getByLabel(/House number and street/)).toHaveValue(`9 Lake View ${tag}`)
  await expect(dialog.getByRole('combobox', { name: /^Town/ })).toHaveValue(town.name)

  // Nothing was stored.
  const customer = await apiWith(login)
  const mine = await ok<MyRequestsResponse>(customer.get('/api/my/requests'))
  expect(mine.requests).toEqual([])
})
