import { readFile } from 'node:fs/promises'
import type { APIRequestContext, TestInfo } from '@playwright/test'
import type { ServiceRequestResponse, TaskChargesResponse } from '@townworks/contract'
import { expect, expectAccessible, loginByApi, test } from './support/fixtures'
import { hireWorker, indianDate, moveTask, scheduleTask, uniquePhone, uniqueTag, ok } from './support/world'

/**
 * The operator hires a plumber of this journey's own, schedules the customer's request with
 * them, and the work gets done.
 */
async function scheduleAndFinish(operator: APIRequestContext, testInfo: TestInfo, requestId: number, date: string) {
  const worker = await hireWorker(operator, testInfo, { service: 'Plumber', town: 'Armoor', name: 'Plumber' })
  const taskName = `Kitchen tap ${uniqueTag(testInfo)}`
  const { taskId } = await scheduleTask(operator, { worker, date, taskName, requestId })
  await moveTask(operator, taskId, ['work_inprogress', 'work_completed'])
  return { taskId, workerName: worker.name, taskName }
}

test('the customer confirms the work, pays in the sandbox checkout, the operator pays the worker, and the task is completed everywhere', async ({
  page,
  browser,
}, testInfo) => {
  await page.goto('/')
  await loginByApi(page, 'customer')
  const date = indianDate(14)
  const request = await ok<ServiceRequestResponse>(
    page.request.post('/api/servicerequest', {
      data: {
        name: 'Lakshmi',
        phone: uniquePhone(),
        email: '',
        service: 'Plumber',
        service_date: date,
        town: 'Armoor',
      },
    }),
  )

  const operatorContext = await browser.newContext()
  const operatorPage = await operatorContext.newPage()
  await operatorPage.goto('/')
  await loginByApi(operatorPage, 'operator')
  const { taskId, workerName, taskName } = await scheduleAndFinish(operatorPage.request, testInfo, request.id, date)
  const { charges } = await ok<TaskChargesResponse>(operatorPage.request.get(`/api/tasks/${taskId}/charges`))
  expect(charges.price_paise).toBeGreaterThan(0)
  const rupees = `₹${(charges.total_paise! / 100).toLocaleString('en-IN')}`

  // The customer sees the price and confirms the work is done.
  await page.goto('/my/requests')
  const card = page.getByRole('article').filter({ hasText: request.reference })
  await expect(card).toContainText('Work completed')
  await expect(card.getByRole('region', { name: 'Price' })).toContainText(rupees)
  await card.getByRole('button', { name: 'Confirm work is completed' }).click()
  await page.getByRole('dialog').getByRole('button', { name: 'Yes, go ahead' }).click()
  await expect(card).toContainText('Payment due')
  const pay = card.getByRole('button', { name: `Pay ${rupees}` })
  await expect(pay).toBeVisible()
  await expectAccessible(page, '/my/requests with Pay')

  // The sandbox checkout: approve.
  await pay.click()
  await expect(page).toHaveURL(/\/pay\/sandbox\?order=order_sbx/)
  await expect(page.getByRole('heading', { level: 1, name: 'Test checkout' })).toBeVisible()
  await expect(page.getByText(rupees).first()).toBeVisible()
  await expectAccessible(page, '/pay/sandbox')
  await page.getByRole('button', { name: 'Approve payment' }).click()
  await expect(page.getByRole('status').filter({ hasText: 'Payment received' })).toContainText(rupees)
  await page.getByRole('link', { name: 'Back to My requests' }).click()
  await expect(card).toContainText('Payment received')

  // The payment's receipt (issue 22): a link on the card downloads it as a PDF named after its number.
  const receipt = card.getByRole('link', { name: /^Download receipt RC\/\d{2}-\d{2}\/\d{6} \(PDF\)$/ })
  await expect(receipt).toBeVisible()
  const [download] = await Promise.all([page.waitForEvent('download'), receipt.click()])
  expect(download.suggestedFilename()).toMatch(/^RC-\d{2}-\d{2}-\d{6}\.pdf$/)
  const pdf = await readFile((await download.path())!)
  expect(pdf.subarray(0, 5).toString()).toBe('%PDF-')
  expect(pdf.length).toBeGreaterThan(5_000)

  // The operator pays the worker for this task.
  await operatorPage.goto('/payouts')
  await expect(operatorPage.getByRole('heading', { level: 1, name: 'Payouts' })).toBeVisible()
  const worker = operatorPage.getByRole('article').filter({ hasText: workerName })
  const mine = worker.getByRole('checkbox', { name: new RegExp(`^Include task ${taskId} `) })
  await expect(mine).toBeChecked()
  for (const box of await worker.getByRole('checkbox').all()) {
    if ((await box.getAttribute('aria-label'))?.startsWith(`Include task ${taskId} `)) continue
    await box.uncheck()
  }
  await expectAccessible(operatorPage, '/payouts')
  await worker.getByLabel('Reference (UTR, receipt number)').fill('UTR 4455')
  await worker.getByRole('button', { name: /^Record payout of / }).click()
  await expect(operatorPage.getByRole('status').filter({ hasText: 'recorded' })).toContainText(workerName)

  // Completed on every screen.
  await operatorPage.goto('/ad')
  await expect(operatorPage.getByRole('row').filter({ hasText: taskName })).toContainText('Completed')
  await page.reload()
  await expect(page.getByRole('article').filter({ hasText: request.reference })).toContainText('Completed')
  await expect(page.getByRole('article').filter({ hasText: request.reference })).toContainText('Paid. Thank you!')
  await expectAccessible(page, '/my/requests completed')
  await operatorContext.close()
})

test('the sandbox checkout without an order says what to do', async ({ page }) => {
  await page.goto('/')
  await loginByApi(page, 'customer')
  await page.goto('/pay/sandbox')
  await expect(page.getByText('This page needs an order to pay')).toBeVisible()
  await page.goto('/pay/sandbox?order=order_doesnotexist')
  await expect(page.getByRole('alert')).toContainText('This order does not exist')
  await expectAccessible(page, '/pay/sandbox unknown order')
})

test('the office records cash received by hand: once, however often the button is pressed', async ({
  page,
}, testInfo) => {
  await page.goto('/')
  await loginByApi(page, 'operator')
  const date = indianDate(15)
  const request = await ok<ServiceRequestResponse>(
    page.request.post('/api/servicerequest', {
      data: {
        name: 'Sujatha',
        phone: uniquePhone(),
        email: '',
        service: 'Plumber',
        service_date: date,
        town: 'Armoor',
      },
    }),
  )
  const { taskId } = await scheduleAndFinish(page.request, testInfo, request.id, date)
  await ok(page.request.put(`/api/update-status/${taskId}`, { data: { status: 'payment_pending' } }))

  await page.goto('/payouts')
  const panel = page.getByRole('region', { name: 'Payment received by hand' })
  // The task is found by what the office knows it by: the customer's reference.
  const picker = panel.getByRole('combobox', { name: 'Task', exact: true })
  await picker.click()
  await picker.fill(request.reference)
  await page.getByRole('option', { name: new RegExp(`^${request.reference} · `) }).click()
  await expect(panel.getByText(`Task ${request.reference} ·`)).toBeVisible()

  // Before the customer pays, the office sets the price (with a reason) and adds material.
  await panel.getByLabel('New price (₹)').fill('abc')
  await panel.getByRole('button', { name: 'Change the price' }).click()
  await expect(panel.getByRole('alert')).toHaveText('Enter an amount in rupees, for example 450 or 450.50.')
  await panel.getByLabel('New price (₹)').fill('500')
  await panel.getByLabel('Reason for the change').fill('Two taps, not one')
  await panel.getByRole('button', { name: 'Change the price' }).click()
  await expect(panel.getByText('Price: ₹500')).toBeVisible()
  await panel.getByLabel('Material or extra work').fill('PVC pipe, 2 m')
  await panel.getByLabel('Amount (₹)').fill('120.50')
  await panel.getByRole('button', { name: 'Add to the bill' }).click()
  await expect(panel.getByText('PVC pipe, 2 m: ₹120.50')).toBeVisible()
  await expect(panel.getByText('Not paid yet: ₹620.50 due.')).toBeVisible()

  await panel.getByLabel('How it was paid').selectOption('cash')
  await panel.getByLabel(/Reference/).fill('RCPT-0042')
  await expectAccessible(page, '/payouts with a task found')
  await panel.getByRole('button', { name: /Record .* received/ }).click()
  await expect(page.getByRole('main').getByRole('status')).toContainText(`recorded for task ${request.reference}`)

  const { charges } = await ok<TaskChargesResponse>(page.request.get(`/api/tasks/${taskId}/charges`))
  expect(charges.status).toBe('payment_received')
  expect(charges.payments.filter((p) => p.state === 'captured')).toHaveLength(1)
  expect(charges.payments[0]).toMatchObject({ method: 'cash', provider_ref: 'RCPT-0042', amount_paise: 62050 })
  expect(charges.price_changes.at(-1)).toMatchObject({ to_paise: 50000, reason: 'Two taps, not one' })
})
