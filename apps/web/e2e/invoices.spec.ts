import { mkdirSync } from 'node:fs'
import { readFile } from 'node:fs/promises'
import path from 'node:path'
import type { APIRequestContext, TestInfo } from '@playwright/test'
import type { InvoiceSummary, InvoicesResponse, PaymentResponse, TaskChargesResponse } from '@townworks/contract'
import { invoiceFileName, invoicePdfPath } from '@townworks/contract/invoice-files'
import { expect, expectAccessible, loginByApi, test } from './support/fixtures'
import { REPO_ROOT } from './support/paths'
import {
  apiAs,
  askForService,
  hireWorker,
  indianDate,
  moveTask,
  ok,
  ownOperatorInTeluguOnPhone,
  scheduleTask,
  uniqueTag,
} from './support/world'

/*
 * Issue 22's office screen: every payment has its receipt (the journeys' server is not registered for
 * GST) and every refund its credit note (decision 060). The office finds a document by the task's
 * TW-number, filters by kind, saves the accountant's CSV and a document's PDF. The screens are saved
 * for a reviewer (test-results/screens).
 */

const SCREENS = path.join(REPO_ROOT, 'test-results/screens')

/** ₹450 or ₹1,250.50, as the screen's money formatter writes paise in English. */
const rupees = (paise: number) =>
  `₹${(paise / 100).toLocaleString('en-IN', { minimumFractionDigits: paise % 100 ? 2 : 0 })}`

/**
 * A task of this journey's own, done and paid in cash through the office (its receipt), then
 * refunded by the admin (the receipt's credit note): the documents of both, found by the customer's
 * name, which is this journey's own.
 */
async function paidAndRefundedTask(testInfo: TestInfo) {
  const operator = await apiAs('operator')
  const admin = await apiAs('admin')
  const customerName = `Invoice ${uniqueTag(testInfo)}`
  const date = indianDate(16)
  const request = await askForService(operator, { name: customerName, service: 'Plumber', town: 'Armoor', date })
  const worker = await hireWorker(operator, testInfo, { service: 'Plumber', town: 'Armoor', name: 'Plumber' })
  const { taskId } = await scheduleTask(operator, {
    worker,
    date,
    taskName: `Bathroom tap ${uniqueTag(testInfo)}`,
    requestId: request.id,
  })
  await moveTask(operator, taskId, ['work_inprogress', 'work_completed', 'payment_pending'])
  const { charges } = await ok<TaskChargesResponse>(operator.get(`/api/tasks/${taskId}/charges`))
  expect(charges.total_paise).toBeGreaterThan(0)
  const { payment } = await ok<PaymentResponse>(
    operator.post(`/api/tasks/${taskId}/payments/manual`, {
      headers: { 'Idempotency-Key': `e2e-invoice-${uniqueTag(testInfo)}` },
      data: { amount_paise: charges.total_paise, method: 'cash', reference: 'RCPT-22' },
    }),
  )
  await ok(admin.post(`/api/payments/${payment.id}/refund`, { data: { reason: 'Paid twice by mistake' } }))
  const documents = await documentsOf(operator, customerName, taskId)
  await Promise.all([operator.dispose(), admin.dispose()])
  return { request, taskId, customerName, total: charges.total_paise!, ...documents }
}

/** The receipt and credit note of a task, as the API lists them. */
async function documentsOf(api: APIRequestContext, customerName: string, taskId: number) {
  const { invoices } = await ok<InvoicesResponse>(api.get('/api/invoices', { params: { q: customerName } }))
  const mine = invoices.filter((i) => i.task_id === taskId)
  const receipt = mine.find((i) => i.kind === 'receipt')
  const creditNote = mine.find((i) => i.kind === 'credit_note')
  expect(receipt, `the receipt of task ${taskId}`).toBeDefined()
  expect(creditNote, `the credit note of task ${taskId}`).toBeDefined()
  expect(creditNote!.corrects?.number).toBe(receipt!.number)
  return { receipt: receipt as InvoiceSummary, creditNote: creditNote as InvoiceSummary }
}

test('the office finds a paid task’s receipt by its TW-number, filters by kind, and saves the CSV and the PDF', async ({
  page,
}, testInfo) => {
  mkdirSync(SCREENS, { recursive: true })
  const { request, total, receipt, creditNote } = await paidAndRefundedTask(testInfo)

  await page.setViewportSize({ width: 1280, height: 900 })
  await page.goto('/about')
  await loginByApi(page, 'operator')
  await page.goto('/dashboard')

  // The office opens it from the menu, beside Payouts.
  const nav = page.getByRole('navigation', { name: 'Main' })
  await nav.getByRole('link', { name: 'Task Scheduler', exact: true }).first().hover()
  await nav.getByRole('link', { name: 'Receipts and invoices' }).click()
  await expect(page).toHaveURL(/\/invoices$/)
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Receipts and invoices')
  await expect(page.getByRole('table', { name: 'Receipts, tax invoices and credit notes' })).toBeVisible()
  await expectAccessible(page, '/invoices at 1280 px')

  // Found by the task's TW-number: its receipt and the credit note of its refund, with the total.
  const filters = page.getByRole('search', { name: 'Filter the documents' })
  await filters.getByRole('searchbox', { name: /Number, customer or task/ }).fill(request.reference)
  await filters.getByRole('button', { name: 'Show' }).click()
  await expect(page).toHaveURL(new RegExp(`[?&]q=${request.reference}`))
  const receiptRow = page.getByRole('row').filter({ has: page.getByRole('rowheader', { name: receipt.number }) })
  await expect(receiptRow).toContainText('Receipt')
  await expect(receiptRow).toContainText(rupees(total))
  await expect(receiptRow.getByRole('link', { name: `Open task ${request.reference}` })).toBeVisible()
  await expect(page.getByText('2 documents')).toBeVisible()
  await expectAccessible(page, '/invoices found by TW-number')
  await page.screenshot({ path: path.join(SCREENS, 'invoices-1280-en.png'), fullPage: true })

  // Narrowed to credit notes: the note says which receipt it corrects.
  await filters.getByLabel('Kind').selectOption({ label: 'Credit note' })
  await filters.getByRole('button', { name: 'Show' }).click()
  await expect(page).toHaveURL(/kind=credit_note/)
  const noteRow = page.getByRole('row').filter({ has: page.getByRole('rowheader', { name: creditNote.number }) })
  await expect(noteRow).toContainText(`Credit note`)
  await expect(noteRow).toContainText(`Corrects ${receipt.number}`)
  await expect(receiptRow).toHaveCount(0)
  await expect(page.getByText('1 document', { exact: true })).toBeVisible()

  // The accountant's CSV: every credit note (the kind; the search does not narrow a CSV), ours among them.
  const [csv] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('link', { name: 'Download CSV for the accountant' }).click(),
  ])
  expect(csv.suggestedFilename()).toBe('invoices.csv')
  const file = await readFile((await csv.path())!, 'utf8')
  expect(file.startsWith('\uFEFFnumber,kind,issued_at,')).toBe(true)
  const line = file.split('\r\n').find((row) => row.startsWith(`${creditNote.number},`))
  expect(line, `${creditNote.number} in the CSV`).toBeDefined()
  expect(line).toContain(`credit_note`)
  expect(line).toContain(receipt.number)
  expect(file).not.toContain(`${receipt.number},receipt,`)

  // The credit note's PDF, saved under its number.
  const pdfLink = noteRow.getByRole('link', { name: `Download PDF of ${creditNote.number}` })
  await expect(pdfLink).toHaveAttribute('href', invoicePdfPath(creditNote.id, 'en'))
  const [pdf] = await Promise.all([page.waitForEvent('download'), pdfLink.click()])
  expect(pdf.suggestedFilename()).toBe(invoiceFileName(creditNote.number))
  const bytes = await readFile((await pdf.path())!)
  expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-')
  // What the browser was sent for that link: a PDF, as an attachment named after the number.
  const answer = await page.request.get(invoicePdfPath(creditNote.id, 'en'))
  expect(answer.status()).toBe(200)
  expect(answer.headers()['content-type']).toMatch(/^application\/pdf/)
  expect(answer.headers()['content-disposition']).toBe(`attachment; filename="${invoiceFileName(creditNote.number)}"`)
  await expectAccessible(page, '/invoices credit notes')
})

test('in Telugu at 390 px the list reads whole, scrolls inside its own region, and a search that finds nothing says what to do', async ({
  page,
}, testInfo) => {
  mkdirSync(SCREENS, { recursive: true })
  const { customerName, receipt } = await paidAndRefundedTask(testInfo)
  await ownOperatorInTeluguOnPhone(page, testInfo)
  await page.goto(`/invoices?q=${encodeURIComponent(customerName)}`)
  await expect(page.locator('html')).toHaveAttribute('lang', 'te')
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('రసీదులు మరియు ఇన్‌వాయిస్‌లు')
  const receiptRow = page.getByRole('row').filter({ has: page.getByRole('rowheader', { name: receipt.number }) })
  await expect(receiptRow).toContainText('రసీదు')
  await expect(page.getByRole('row').filter({ hasText: 'క్రెడిట్ నోట్' })).toContainText(`${receipt.number} కు సవరణ`)
  await expect(page.getByRole('link', { name: 'అకౌంటెంట్ కోసం CSV డౌన్‌లోడ్' })).toBeVisible()
  await expectAccessible(page, '/invoices in Telugu at 390 px')
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)
  expect(overflow, 'the page scrolls sideways (only the table may)').toBeLessThanOrEqual(1)
  await page.screenshot({ path: path.join(SCREENS, 'invoices-390-te.png'), fullPage: true })
  // The table's other columns, scrolled to inside its own region.
  const region = page.getByRole('region', { name: 'రసీదులు, పన్ను ఇన్‌వాయిస్‌లు, క్రెడిట్ నోట్లు' })
  await region.scrollIntoViewIfNeeded()
  await region.evaluate((el) => el.scrollTo({ left: el.scrollWidth }))
  await expect(receiptRow.getByRole('link', { name: `${receipt.number} PDF డౌన్‌లోడ్ చేయండి` })).toBeInViewport()
  await region.screenshot({ path: path.join(SCREENS, 'invoices-390-te-scrolled.png') })

  // Nothing found: the list says so and how to widen it.
  const filters = page.getByRole('search')
  await filters.getByRole('searchbox').fill(`${customerName} nobody`)
  await filters.getByRole('button', { name: 'చూపించు' }).click()
  await expect(page.getByText(/ఈ ఫిల్టర్లకు సరిపోయే పత్రం లేదు/)).toBeVisible()
  await expectAccessible(page, '/invoices in Telugu, nothing found')
})
