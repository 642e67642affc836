import type { APIRequestContext, APIResponse } from '@playwright/test'
import type {
  ScheduleResponse,
  ServiceRequestResponse,
  TaskChargesResponse,
  WorkerSuggestionsResponse,
} from '@townworks/contract'
import { expect, expectAccessible, loginByApi, test } from './support/fixtures'

/** A Monday-to-Saturday date 10–40 days ahead (demo workers keep Mon–Sat hours), different on each run. */
function futureWeekday(): string {
  const d = new Date()
  d.setUTCDate(d.getUTCDate() + 10 + Math.floor(Math.random() * 30))
  if (d.getUTCDay() === 0) d.setUTCDate(d.getUTCDate() + 1)
  return d.toISOString().slice(0, 10)
}

async function ok<T>(response: Promise<APIResponse>): Promise<T> {
  const res = await response
  expect(res.ok(), await res.text()).toBe(true)
  return (await res.json()) as T
}

/** The operator schedules the customer's request with a free Armoor plumber, and the work gets done. */
async function scheduleAndFinish(operator: APIRequestContext, requestId: number, date: string) {
  const hour = 8 + Math.floor(Math.random() * 9)
  const startTime = `${String(hour).padStart(2, '0')}:00`
  const endTime = `${String(hour + 1).padStart(2, '0')}:00`
  const { workers } = await ok<WorkerSuggestionsResponse>(
    operator.get('/api/workers/suggestions', {
      params: { service: 'Plumber', town: 'Armoor', date, startTime, endTime },
    }),
  )
  const worker = workers[0]!
  const { taskId } = await ok<ScheduleResponse>(
    operator.post('/api/schedule', {
      data: {
        requestId,
        taskName: 'Kitchen tap for Lakshmi',
        serviceDesc: 'Tap leaks at the base',
        workerId: worker.worker_id,
        date,
        startTime,
        endTime,
        completionDate: date,
        selectedStatus: 'assigned',
      },
    }),
  )
  for (const status of ['work_inprogress', 'work_completed']) {
    await ok(operator.put(`/api/update-status/${taskId}`, { data: { status } }))
  }
  return { taskId, workerName: worker.name }
}

test('the customer confirms the work, pays in the sandbox checkout, the operator pays the worker, and the task is completed everywhere', async ({
  page,
  browser,
}) => {
  await page.goto('/')
  await loginByApi(page, 'customer')
  const date = futureWeekday()
  const request = await ok<ServiceRequestResponse>(
    page.request.post('/api/servicerequest', {
      data: { name: 'Lakshmi', phone: '9848022338', email: '', service: 'Plumber', service_date: date, town: 'Armoor' },
    }),
  )

  const operatorContext = await browser.newContext()
  const operatorPage = await operatorContext.newPage()
  await operatorPage.goto('/')
  await loginByApi(operatorPage, 'operator')
  const { taskId, workerName } = await scheduleAndFinish(operatorPage.request, request.id, date)
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
  await expect(operatorPage.getByRole('row').filter({ hasText: 'Kitchen tap for Lakshmi' }).first()).toContainText(
    'Task completed',
  )
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

test('the office records cash received by hand: once, however often the button is pressed', async ({ page }) => {
  await page.goto('/')
  await loginByApi(page, 'operator')
  const date = futureWeekday()
  const request = await ok<ServiceRequestResponse>(
    page.request.post('/api/servicerequest', {
      data: { name: 'Sujatha', phone: '9949012345', email: '', service: 'Plumber', service_date: date, town: 'Armoor' },
    }),
  )
  const { taskId } = await scheduleAndFinish(page.request, request.id, date)
  await ok(page.request.put(`/api/update-status/${taskId}`, { data: { status: 'payment_pending' } }))

  await page.goto('/payouts')
  const panel = page.getByRole('region', { name: 'Payment received by hand' })
  await panel.getByLabel('Task ID').fill(String(taskId))
  await panel.getByRole('button', { name: 'Find the task' }).click()
  await expect(panel.getByText(`Task ${taskId}`)).toBeVisible()

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
  await expect(panel.getByText(/owes ₹620.50/)).toBeVisible()

  await panel.getByLabel('How it was paid').selectOption('cash')
  await panel.getByLabel(/Reference/).fill('RCPT-0042')
  await expectAccessible(page, '/payouts with a task found')
  await panel.getByRole('button', { name: /Record .* received/ }).click()
  await expect(page.getByRole('main').getByRole('status')).toContainText(`recorded for task ${taskId}`)

  const { charges } = await ok<TaskChargesResponse>(page.request.get(`/api/tasks/${taskId}/charges`))
  expect(charges.status).toBe('payment_received')
  expect(charges.payments.filter((p) => p.state === 'captured')).toHaveLength(1)
  expect(charges.payments[0]).toMatchObject({ method: 'cash', provider_ref: 'RCPT-0042', amount_paise: 62050 })
  expect(charges.price_changes.at(-1)).toMatchObject({ to_paise: 50000, reason: 'Two taps, not one' })
})
