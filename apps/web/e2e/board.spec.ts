import type { WorkflowResponse } from '@townworks/contract'
import { expect, expectAccessible, loginByApi, test } from './support/fixtures'
import { apiAs, askForService, hireWorker, indianDate, scheduleTask, uniqueTag } from './support/world'

// The dispatch board (issue 20): a request dragged onto a worker's row is scheduled; a block dragged
// onto an occupied slot is refused in words and put back; the keyboard path moves a block by lists;
// and a second operator's board shows the move without reloading. Its own workers, request and day.
test('the dispatch board: drag to schedule, a refused drag put back, the keyboard path, and a live second board', async ({
  page,
  browser,
}, testInfo) => {
  const town = 'Nizamabad'
  const service = 'Welding Services'
  const date = indianDate(31)
  const office = await apiAs('operator')
  const asha = await hireWorker(office, testInfo, { service, town, name: 'Board Asha' })
  const bala = await hireWorker(office, testInfo, { service, town, name: 'Board Bala' })
  const customer = `Board Customer ${uniqueTag(testInfo)}`
  const request = await askForService(office, { name: customer, service, town, date })
  // Bala is busy 10:00–12:00; Asha has a job at 14:00 to move.
  await scheduleTask(office, {
    worker: bala,
    date,
    startTime: '10:00',
    endTime: '12:00',
    taskName: `Busy ${bala.name}`,
  })
  const job = await scheduleTask(office, {
    worker: asha,
    date,
    startTime: '14:00',
    endTime: '15:00',
    taskName: `Job ${asha.name}`,
  })

  await page.goto('/')
  await loginByApi(page, 'operator')
  const address = `/board?date=${date}&town=${town}&service=${encodeURIComponent(service)}`
  await page.goto(address)
  await expect(page.getByRole('heading', { level: 1, name: 'Dispatch board' })).toBeVisible()
  const row = (name: string) => page.getByRole('group', { name, exact: true })
  const slot = (workerId: number, hour: number) => page.locator(`[data-worker="${workerId}"] [data-hour="${hour}"]`)
  const jobSelector = `[data-assignment="${job.assignmentId}"]`
  const jobBlock = page.locator(jobSelector)
  await expect(row(asha.name).locator(jobBlock)).toBeVisible()
  await expect(page.getByText('Live: changes by others show at once.')).toBeVisible()

  // A second operator (another context: its own session and stream) watches the same board.
  const other = await browser.newContext()
  const watcher = await other.newPage()
  await watcher.goto('/')
  await loginByApi(watcher, 'admin')
  await watcher.goto(address)
  await expect(watcher.getByRole('group', { name: asha.name, exact: true }).locator(jobSelector)).toBeVisible()
  await expect(watcher.getByText('Live: changes by others show at once.')).toBeVisible()

  // Drag the request onto Asha's row at 08:00: scheduled, and the watcher sees the new block at once.
  await page.locator(`[data-request="${request.id}"]`).dragTo(slot(asha.id, 8))
  await expect(page.getByRole('status').filter({ hasText: request.reference })).toHaveText(
    new RegExp(`^${request.reference} scheduled with ${asha.name}, .* at 08:00\\.$`),
  )
  await expect(
    row(asha.name).getByRole('button', { name: new RegExp(`^08:00–10:00, ${request.reference},`) }),
  ).toBeVisible()
  await expect(page.locator(`[data-request="${request.id}"]`)).toHaveCount(0)
  await expect(
    watcher
      .getByRole('group', { name: asha.name, exact: true })
      .getByRole('button', { name: new RegExp(request.reference) }),
  ).toBeVisible()

  // Drag Asha's 14:00 job onto Bala's 10:00–12:00 booking (its middle: 11:00): refused in words, back in Asha's row.
  await jobBlock.dragTo(row(bala.name).getByRole('button', { name: /^10:00–12:00,/ }))
  await expect(page.getByRole('alert').filter({ hasText: 'was not moved' })).toHaveText(
    `#${job.taskId} was not moved: ${bala.name} is already booked 10:00–12:00 that day. It is back where it was.`,
  )
  await expect(row(asha.name).locator(jobBlock)).toHaveAccessibleName(/^14:00–15:00/)
  await expectAccessible(page, '/board')

  // The keyboard path: the block's button, then worker and time from lists.
  await jobBlock.focus()
  await page.keyboard.press('Enter')
  const dialog = page.getByRole('dialog', { name: `Move #${job.taskId}` })
  await expect(dialog).toBeVisible()
  await dialog.getByLabel('Worker').selectOption({ label: bala.name })
  await dialog.getByLabel('Start time').selectOption({ label: '16:00' })
  await expectAccessible(page, '/board, the move dialog')
  await dialog.getByRole('button', { name: 'Move' }).focus()
  await page.keyboard.press('Enter')
  await expect(dialog).toBeHidden()
  await expect(page.getByRole('status').filter({ hasText: 'moved to' })).toHaveText(
    new RegExp(`^#${job.taskId} moved to ${bala.name}, .* at 16:00\\.$`),
  )
  await expect(row(bala.name).locator(jobBlock)).toHaveAccessibleName(/^16:00–17:00/)

  // The watcher's board followed without a reload; the move is in the task's history.
  await expect(watcher.getByRole('group', { name: bala.name, exact: true }).locator(jobSelector)).toHaveAccessibleName(
    /^16:00–17:00/,
  )
  const history = (await (await office.get(`/api/workflow/${job.taskId}`)).json()) as WorkflowResponse
  expect(history.workflows.at(-1)?.notes).toBe(
    `Moved: ${asha.name} ${date} 14:00–15:00 → ${bala.name} ${date} 16:00–17:00`,
  )
  await other.close()
})
