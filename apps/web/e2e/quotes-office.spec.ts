import { mkdirSync } from 'node:fs'
import path from 'node:path'
import type { Locator, Page, TestInfo } from '@playwright/test'
import type { ServiceRequestResponse } from '@townworks/contract'
import { expect, expectAccessible, loginByApi, test } from './support/fixtures'
import { REPO_ROOT } from './support/paths'
import {
  apiAs,
  apiWith,
  indianDate,
  ok,
  ownAccount,
  ownOperatorInTeluguOnPhone,
  uniquePhone,
  uniqueTag,
} from './support/world'

/*
 * The office prepares a quote for a customer's open request (issue 22, decision 061): from the
 * requests screen, "Prepare quote" opens a dialog of lines (labour and materials, each in its units),
 * the total as it is typed, and the versions sent. The screens are saved for a reviewer
 * (test-results/screens).
 */

const SCREENS = path.join(REPO_ROOT, 'test-results/screens')

/** A customer of this journey's own asks for a brick worker in Nirmal: an open request, its reference. */
async function customersOpenRequest(testInfo: TestInfo, name: string): Promise<ServiceRequestResponse> {
  const admin = await apiAs('admin')
  const customer = await ownAccount(admin, testInfo, 'customer')
  await admin.dispose()
  const asCustomer = await apiWith(customer)
  const request = await ok<ServiceRequestResponse>(
    asCustomer.post('/api/servicerequest', {
      data: {
        name,
        phone: uniquePhone(),
        email: '',
        service: 'Brick Worker',
        service_date: indianDate(3),
        town: 'Nirmal',
      },
    }),
  )
  await asCustomer.dispose()
  return request
}

/** The inbox's open brick-work requests in Nirmal, and the quote dialog of one of them. */
async function openQuoteDialog(page: Page, reference: string, names: { action: string; dialog: string }) {
  await page.goto('/requests?state=open&service=Brick+Worker&town=Nirmal')
  const row = page.getByRole('row', { name: new RegExp(reference) })
  await row.getByRole('button', { name: names.action }).click()
  const dialog = page.getByRole('dialog', { name: names.dialog })
  await expect(dialog).toBeVisible()
  return dialog
}

/**
 * The whole dialog as a picture: the page is made as tall as the dialog's content for the shot (the
 * dialog scrolls inside itself), then given its size back.
 */
async function screenshotDialog(page: Page, dialog: Locator, file: string) {
  const viewport = page.viewportSize()!
  const height = await dialog.evaluate((el) => el.scrollHeight)
  await page.setViewportSize({ width: viewport.width, height: Math.max(viewport.height, height + 120) })
  await dialog.screenshot({ path: path.join(SCREENS, file) })
  await page.setViewportSize(viewport)
}

/** One line's fields, by its legend ("Line 2"). */
const lineOf = (dialog: Locator, legend: string) => dialog.getByRole('group', { name: legend })

test('the office quotes labour and sand, sends it, then sends a changed version', async ({ page }, testInfo) => {
  mkdirSync(SCREENS, { recursive: true })
  const customerName = `Quote ${uniqueTag(testInfo)}`
  const { reference } = await customersOpenRequest(testInfo, customerName)

  await page.goto('/about')
  await loginByApi(page, 'operator')
  const dialog = await openQuoteDialog(page, reference, {
    action: `Prepare a quote for ${reference}`,
    dialog: `Quote for ${reference}`,
  })
  await expect(dialog.getByText('No quote has been sent for this request yet.')).toBeVisible()
  await expect(dialog.getByRole('heading', { name: 'New quote: version 1' })).toBeVisible()

  // Labour: one job at ₹450.
  const labour = lineOf(dialog, 'Line 1')
  await labour.getByLabel(/^Description/).fill('Build the compound wall')
  await expect(labour.getByLabel('Unit', { exact: true })).toHaveValue('job')
  await labour.getByLabel(/^Quantity/).fill('1')
  await labour.getByLabel(/^Unit price/).fill('450')
  await expect(labour.getByTestId('line-total')).toHaveText('₹450')

  // Sand: a tractor load is counted whole, so 1.5 is refused on the spot.
  await dialog.getByRole('button', { name: 'Add material' }).click()
  const sand = lineOf(dialog, 'Line 2')
  await sand.getByLabel(/^Description/).fill('River sand, delivered to the site')
  await sand.getByLabel('Material').selectOption('Sand Services')
  await expect(sand.getByLabel('Unit', { exact: true })).toHaveValue('tractor_load')
  await sand.getByLabel(/^Quantity/).fill('1.5')
  await sand.getByLabel(/^Unit price/).fill('3500')
  await sand.getByLabel(/^Unit price/).blur()
  await expect(sand.getByText('Counted in whole numbers only (1, 2, 3…).')).toBeVisible()
  await expect(sand.getByTestId('line-total')).toHaveText('—')
  await expect(dialog.getByTestId('quote-total')).toHaveText('₹450')
  await sand.getByLabel(/^Quantity/).fill('2')
  await expect(sand.getByText(/Counted in whole numbers/)).toHaveCount(0)
  await expect(sand.getByTestId('line-total')).toHaveText('₹7,000')
  await expect(dialog.getByTestId('quote-total')).toHaveText('₹7,450')
  await expect(dialog.getByText('Amounts include tax.')).toBeVisible()

  await expectAccessible(page, 'the quote dialog at 1280 px')
  await screenshotDialog(page, dialog, 'quote-office-1280-en.png')

  await dialog.getByRole('button', { name: 'Send quote' }).click()
  const sent = dialog.getByRole('status').filter({ hasText: 'Quote version 1 sent' })
  await expect(sent).toContainText(`${customerName} got a message with a link to the quote of ₹7,450`)
  const first = dialog.getByTestId('quote-version-1')
  await expect(first).toContainText('Waiting for the customer')
  await expect(first).toContainText('₹7,450')
  await expect(first).toContainText(
    'River sand, delivered to the site (Sand Services): 2 tractor loads × ₹3,500 = ₹7,000',
  )

  // A changed quote: the form starts from what was sent; the labour goes up to ₹500.
  await expect(dialog.getByRole('heading', { name: 'New quote: version 2' })).toBeVisible()
  await labour.getByLabel(/^Unit price/).fill('500')
  await expect(dialog.getByTestId('quote-total')).toHaveText('₹7,500')
  await dialog.getByRole('button', { name: 'Send quote' }).click()
  await expect(dialog.getByRole('status').filter({ hasText: 'Quote version 2 sent' })).toBeVisible()
  await expect(dialog.getByTestId('quote-version-2')).toContainText('Waiting for the customer')
  await expect(dialog.getByTestId('quote-version-2')).toContainText('₹7,500')
  await expect(dialog.getByTestId('quote-version-1')).toContainText('Superseded')
  await expectAccessible(page, 'the quote dialog after two versions')

  // Closed and opened again, the dialog reads the versions from the server.
  await dialog.getByRole('button', { name: 'Close' }).first().click()
  await expect(dialog).toBeHidden()
  await page.reload()
  const again = await openQuoteDialog(page, reference, {
    action: `Prepare a quote for ${reference}`,
    dialog: `Quote for ${reference}`,
  })
  await expect(again.getByTestId('quote-version-2')).toContainText('Waiting for the customer')
  await expect(again.getByTestId('quote-version-1')).toContainText('Superseded')
  await expect(again.getByRole('heading', { name: 'New quote: version 3' })).toBeVisible()
  await again.getByRole('button', { name: 'Close' }).first().click()
  await expect(again).toBeHidden()
  await page.getByRole('row', { name: new RegExp(reference) }).screenshot({
    path: path.join(SCREENS, 'quote-office-inbox-row-1280-en.png'),
  })
})

test('in Telugu at 390 px the quote dialog reads whole, full screen', async ({ page }, testInfo) => {
  mkdirSync(SCREENS, { recursive: true })
  const { reference } = await customersOpenRequest(testInfo, `Telugu ${uniqueTag(testInfo)}`)
  await ownOperatorInTeluguOnPhone(page, testInfo)
  const dialog = await openQuoteDialog(page, reference, {
    action: `${reference} కోసం కొటేషన్ తయారుచేయండి`,
    dialog: `${reference} కోసం కొటేషన్`,
  })
  await expect(page.locator('html')).toHaveAttribute('lang', 'te')
  const labour = lineOf(dialog, 'అంశం 1')
  await labour.getByLabel(/^వివరణ/).fill('ప్రహరీ గోడ కట్టడం')
  await labour.getByLabel(/^పరిమాణం/).fill('1')
  await labour.getByLabel(/^ఒక్కో యూనిట్ ధర/).fill('450')
  await dialog.getByRole('button', { name: 'సామగ్రి జోడించండి' }).click()
  const sand = lineOf(dialog, 'అంశం 2')
  await sand.getByLabel(/^వివరణ/).fill('నది ఇసుక')
  await sand.getByLabel('సామగ్రి', { exact: true }).selectOption('Sand Services')
  await sand.getByLabel(/^పరిమాణం/).fill('1.5')
  await sand.getByLabel(/^ఒక్కో యూనిట్ ధర/).fill('3500')
  await sand.getByLabel(/^ఒక్కో యూనిట్ ధర/).blur()
  await expect(sand.getByText('పూర్ణ సంఖ్యల్లో మాత్రమే లెక్కిస్తారు (1, 2, 3…).')).toBeVisible()
  await sand.getByLabel(/^పరిమాణం/).fill('2')
  await expect(dialog.getByTestId('quote-total')).toHaveText('₹7,450')
  await dialog.getByLabel(/సమయం సూచించండి/).check()
  await expect(dialog.getByLabel(/^కార్మికుడు/)).toBeVisible()

  // Full screen, nothing wider than the phone.
  const box = await dialog.boundingBox()
  expect(box?.width).toBeLessThanOrEqual(390)
  const overflow = await dialog.evaluate((el) => el.scrollWidth - el.clientWidth)
  expect(overflow, 'the dialog scrolls sideways').toBeLessThanOrEqual(1)
  await expectAccessible(page, 'the quote dialog in Telugu at 390 px')
  await screenshotDialog(page, dialog, 'quote-office-390-te.png')
})
