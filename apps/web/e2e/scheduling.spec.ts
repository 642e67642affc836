import type { TaskDetailsResponse, WorkflowResponse } from '@townworks/contract'
import { expect, expectAccessible, loginByApi, test } from './support/fixtures'
import type { Page } from '@playwright/test'
import { askForService, hireWorker, indianDate, uniqueTag } from './support/world'

/** Find an assignment by its worker's name (the server searches) and choose it. */
async function pickAssignment(page: Page, workerName: string) {
  const picker = page.getByRole('combobox', { name: 'Assignment', exact: true })
  await picker.click()
  await picker.fill(workerName)
  await page.getByRole('option', { name: new RegExp(` · ${workerName}$`) }).click()
}

test('an operator schedules a request with a suggested worker and follows it through the four screens', async ({
  page,
}, testInfo) => {
  await page.goto('/')
  await loginByApi(page, 'operator')
  // Our own plumber, so the slot is free whatever else this run booked.
  const worker = await hireWorker(page.request, testInfo, { service: 'Plumber', town: 'Armoor', name: 'Plumber' })
  const date = indianDate(14)
  const customer = `Journey Customer ${uniqueTag(testInfo)}`
  const { id: requestId, reference } = await askForService(page.request, {
    name: customer,
    service: 'Plumber',
    town: 'Armoor',
    date,
  })
  const taskName = `Plumber for ${customer}`

  // Create Schedule, pre-filled from the request.
  await page.goto(`/ts?requestId=${requestId}`)
  await expect(page.getByRole('heading', { level: 1, name: 'Create Schedule' })).toBeVisible()
  await expect(page.getByLabel('Task Name')).toHaveValue(taskName)
  await expect(page.getByLabel('Assignment Date')).toHaveValue(date)
  await page.getByLabel('Start Time').fill('14:00')
  await page.getByLabel('End Time').fill('15:00')
  const choose = page.getByRole('button', { name: `Choose ${worker.name}`, exact: true })
  await expect(choose).toBeVisible()
  await choose.click()
  const workerPicker = page.getByRole('combobox', { name: 'Worker', exact: true })
  await expect(workerPicker).toHaveValue(`${worker.name} · Plumber · Armoor · free at this time`)
  await expectAccessible(page, '/ts with suggestions')
  await page.getByRole('button', { name: 'Create Schedule' }).click()
  const created = page.getByRole('status').filter({ hasText: 'is scheduled' })
  await expect(created).toBeVisible()
  // The banner names the task as a person does; its ids are only in its links' addresses.
  await expect(created).toContainText(`${reference} is scheduled.`)
  const [, taskId] = /\/jobs\/(\d+)$/.exec(
    (await created.getByRole('link', { name: 'Open the job' }).getAttribute('href'))!,
  )!
  const [, assignmentId] = /[?&]q=(\d+)/.exec(
    (await created.getByRole('link', { name: 'See it in Assignment Details' }).getAttribute('href'))!,
  )!
  await expect(page).toHaveURL(/\/ts$/)

  // Assignment Details shows it.
  await page.getByRole('link', { name: 'See it in Assignment Details' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Assignment Details' })).toBeVisible()
  const row = page.getByRole('row').filter({ hasText: taskName })
  await expect(row).toContainText(worker.name)
  await expect(row).toContainText('Assigned')
  // Columns in the seed's order: Task ID is the 4th, Assignment ID the 7th.
  await expect(row.getByRole('cell').nth(3)).toHaveText(taskId!)
  await expect(row.getByRole('cell').nth(6)).toHaveText(assignmentId!)
  await expectAccessible(page, '/ad')

  // Assignment Status Update: assigned → work in progress.
  await page.goto('/asu')
  await pickAssignment(page, worker.name)
  await expect(page.getByTestId('current-status')).toHaveText('Assigned')
  await page.getByLabel('New status').selectOption('work_inprogress')
  // The task waits for the customer's start code (issue 21): the office says why it starts without it.
  await page
    .getByLabel("Why start without the customer's start code?")
    .fill('The customer called: her son lets the worker in')
  await expectAccessible(page, '/asu')
  await page.getByRole('button', { name: 'Update Status' }).click()
  await expect(page.getByRole('status').filter({ hasText: 'moved from' })).toContainText(
    `Task ${reference} moved from Assigned to Work in progress.`,
  )
  await expect(page.getByTestId('current-status')).toHaveText('Work in progress')

  // Update Task Assignment: a longer slot.
  await page.goto('/etass')
  await pickAssignment(page, worker.name)
  await expect(page.getByRole('combobox', { name: 'Worker', exact: true })).toHaveValue(
    new RegExp(`^${worker.name} · Plumber · Armoor`),
  )
  await expect(page.getByLabel('End Time')).toHaveValue('15:00')
  await page.getByLabel('End Time').fill('16:30')
  await expectAccessible(page, '/etass')
  await page.getByRole('button', { name: 'Update Task Assignment' }).click()
  await expect(page.getByRole('status').filter({ hasText: 'saved.' })).toContainText(
    `Assignment ${assignmentId} saved. Status: Work in progress.`,
  )

  const details = await page.request.get(`/api/taskdetails?assignmentId=${assignmentId}`)
  expect(((await details.json()) as TaskDetailsResponse).assignmentdetails).toMatchObject({
    start_time: '14:00',
    end_time: '16:30',
    status: 'work_inprogress',
  })
  const wf = await page.request.get(`/api/workflow/${taskId}`)
  // The longer slot is a move: it keeps the status and says what moved (decision 052).
  const history = ((await wf.json()) as WorkflowResponse).workflows
  expect(history.map((w) => w.status)).toEqual(['assigned', 'work_inprogress', 'work_inprogress'])
  expect(history[1]!.notes).toBe('The customer called: her son lets the worker in')
  expect(history[2]!.notes).toMatch(/^Moved: .*14:00–15:00 → .*14:00–16:30/)
})

test('a second booking of the same worker for an overlapping time is refused on screen, and the form keeps its values', async ({
  page,
}, testInfo) => {
  await page.goto('/')
  await loginByApi(page, 'operator')
  const worker = await hireWorker(page.request, testInfo, {
    service: 'Electrician',
    town: 'Nizamabad',
    name: 'Electrician',
  })
  const date = indianDate(15)
  await page.goto('/ts')
  const book = async () => {
    await page.getByLabel('Task Name').fill('Overlap check')
    await page.getByLabel('Service', { exact: true }).selectOption('Electrician')
    await page.getByLabel('Town', { exact: true }).selectOption('Nizamabad')
    await page.getByLabel('Assignment Date').fill(date)
    await page.getByLabel('Start Time').fill('09:00')
    await page.getByLabel('End Time').fill('10:00')
  }
  await book()
  await page.getByRole('button', { name: `Choose ${worker.name}`, exact: true }).click()
  const workerPicker = page.getByRole('combobox', { name: 'Worker', exact: true })
  await expect(workerPicker).toHaveValue(`${worker.name} · Electrician · Nizamabad · free at this time`)
  await page.getByRole('button', { name: 'Create Schedule' }).click()
  await expect(page.getByRole('status').filter({ hasText: 'is scheduled' })).toBeVisible()

  await book()
  await page.getByLabel('Start Time').fill('09:30')
  await page.getByLabel('End Time').fill('10:30')
  // The busy worker is no longer suggested; the picker still offers them, marked busy, and the server refuses.
  const busy = `${worker.name} · Electrician · Nizamabad · busy at this time`
  await workerPicker.click()
  await workerPicker.fill(worker.name)
  await page.getByRole('option', { name: busy }).click()
  await page.getByRole('button', { name: 'Create Schedule' }).click()
  await expect(page.getByRole('alert')).toContainText('This worker is already booked at that time.')
  await expect(workerPicker).toHaveValue(busy)
  await expect(page.getByLabel('Task Name')).toHaveValue('Overlap check')
  await expectAccessible(page, '/ts after a refusal')
})
