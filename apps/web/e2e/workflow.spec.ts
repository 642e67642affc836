import { readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import type { APIRequestContext, Page, TestInfo } from '@playwright/test'
import { STATUS_LABELS as STATUS_LABEL_MAP, type TaskStatus, type WorkflowResponse } from '@townworks/contract'
import { expect, expectAccessible, loginByApi, test } from './support/fixtures'
import { hireWorker, indianDate, moveTask, scheduleTask, uniqueTag } from './support/world'
import { REPO_ROOT } from './support/paths'

/** The statuses as people read them (English): the contract's one map (decision 030). */
const STATUS_LABELS: Record<TaskStatus, string> = STATUS_LABEL_MAP.en

async function workflowOf(request: APIRequestContext, taskId: number): Promise<WorkflowResponse['workflows']> {
  const res = await request.get(`/api/workflow/${taskId}`)
  expect(res.status(), await res.text()).toBe(200)
  return ((await res.json()) as WorkflowResponse).workflows
}

/** The seed's node ids, worked out here independently: `{status}_{task_id}_{running count}`. */
function expectedNodeIds(records: { status: TaskStatus; task_id: number }[]): string[] {
  const seen: Record<string, number> = {}
  return records.map((r) => {
    seen[r.status] = (seen[r.status] ?? 0) + 1
    return `${r.status}_${r.task_id}_${seen[r.status]}`
  })
}

/** Choose the task by what a person types: its reference (#45 for a task made without a request). */
async function chooseTask(page: Page, taskId: number) {
  const select = page.getByRole('combobox', { name: 'Task', exact: true })
  await select.click()
  await select.fill(`#${taskId}`)
  await page.getByRole('option', { name: new RegExp(`^#${taskId} · `) }).click()
}

/** Move a task between work_inprogress and work_pending (both ways are the operator's) until it has `atLeast` records. */
async function growHistory(request: APIRequestContext, taskId: number, atLeast: number): Promise<void> {
  let records = await workflowOf(request, taskId)
  let status = records.at(-1)!.status
  let moves = Math.max(0, atLeast - records.length)
  // An even number of moves leaves the task in the status it had.
  if (moves % 2 === 1) moves += 1
  for (let i = 0; i < moves; i++) {
    const next: TaskStatus = status === 'work_inprogress' ? 'work_pending' : 'work_inprogress'
    const res = await request.put(`/api/update-status/${taskId}`, { data: { status: next, expectedStatus: status } })
    expect(res.status(), await res.text()).toBe(200)
    status = next
  }
  records = await workflowOf(request, taskId)
  expect(records.length).toBeGreaterThanOrEqual(atLeast)
}

/**
 * A task of this journey's own, with its own worker, moved through `statuses`: no other journey
 * touches its history.
 */
async function ownTask(request: APIRequestContext, testInfo: TestInfo, statuses: TaskStatus[]): Promise<number> {
  const worker = await hireWorker(request, testInfo, { service: 'Painter', town: 'Nirmal', name: 'Painter' })
  const { taskId } = await scheduleTask(request, {
    worker,
    date: indianDate(20),
    taskName: `Wall painting ${uniqueTag(testInfo)}`,
  })
  await moveTask(request, taskId, statuses)
  return taskId
}

test.describe('workflow display (/wfs)', () => {
  test.beforeEach(async ({ page }) => {
    await page.goto('/about')
    await loginByApi(page, 'operator')
  })

  test('an operator chooses a task and sees its history as a table and a diagram, in order', async ({
    page,
  }, testInfo) => {
    const taskId = await ownTask(page.request, testInfo, [
      'work_inprogress',
      'work_pending',
      'work_inprogress',
      'work_completed',
    ])
    const records = await workflowOf(page.request, taskId)
    expect(records.length).toBeGreaterThan(1)

    await page.goto('/wfs')
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Workflow')
    await expect(page.getByRole('button', { name: 'Open Workflow' })).toHaveCount(0)
    await chooseTask(page, taskId)
    await expect(page).toHaveURL(new RegExp(`[?&]task=${taskId}\\b`))

    // The accessible alternative: every record in a table, oldest first.
    const table = page.getByTestId('workflow-records')
    await expect(table.locator('tbody tr')).toHaveCount(records.length)
    await expect(table.locator('tbody tr th')).toHaveText(
      records.map((r) => new RegExp(`^${STATUS_LABELS[r.status]}\\b`)),
    )
    await expect(page.getByRole('status').filter({ hasText: `Task #${taskId} went through` })).toContainText(
      `went through ${records.length} statuses; its status now is ${STATUS_LABELS[records.at(-1)!.status]}`,
    )
    await expectAccessible(page, '/wfs with a task chosen')

    const open = page.getByRole('button', { name: 'Open Workflow' })
    await open.click()
    const dialog = page.getByRole('dialog', { name: 'Workflow Diagram' })
    await expect(dialog).toBeVisible()
    const diagram = dialog.getByRole('application', { name: `Workflow diagram of task #${taskId}` })
    await expect(diagram).toBeVisible()
    await expect(dialog.getByRole('figure')).toContainText(
      `${records.length} statuses, now ${STATUS_LABELS[records.at(-1)!.status]}`,
    )

    const nodes = diagram.locator('.react-flow__node')
    await expect(nodes).toHaveCount(records.length)
    const ids = await nodes.evaluateAll((els) => els.map((el) => el.getAttribute('data-id')))
    expect(ids).toEqual(expectedNodeIds(records))
    for (const [i, record] of records.entries()) {
      await expect(nodes.nth(i).locator('.workflow-node__label')).toHaveText(STATUS_LABELS[record.status])
    }
    // Left to right: each node starts further right than the one before.
    const xs = await nodes.evaluateAll((els) => els.map((el) => el.getBoundingClientRect().x))
    expect(xs).toEqual([...xs].sort((a, b) => a - b))
    expect(new Set(xs).size).toBe(xs.length)
    // Each record joined to the one before, labelled 'moved to'; the current status stands out.
    await expect(diagram.locator('.react-flow__edge')).toHaveCount(records.length - 1)
    await expect(diagram.locator('.workflow-edge__label')).toHaveText(Array(records.length - 1).fill('moved to'))
    await expect(diagram.locator('.workflow-node--current')).toHaveCount(1)
    await expect(nodes.last()).toContainText('Current status')
    await expect(nodes.last()).toContainText(`by ${records.at(-1)!.by ?? 'system'}`)
    await expect(dialog.getByRole('button', { name: 'Zoom in' })).toBeVisible()
    await expect(dialog.getByRole('button', { name: 'Fit the diagram to the view' })).toBeVisible()
    await expectAccessible(page, 'workflow diagram modal')

    await page.keyboard.press('Escape')
    await expect(dialog).toBeHidden()
    await expect(open).toBeFocused()

    await open.click()
    await expect(dialog).toBeVisible()
    await dialog.getByRole('button', { name: 'Close' }).click()
    await expect(dialog).toBeHidden()
    await expect(open).toBeFocused()

    // On a phone the table scrolls sideways and the modal still works; both stay accessible.
    await page.setViewportSize({ width: 390, height: 844 })
    await expectAccessible(page, '/wfs with a task chosen at 390 px')
    await open.click()
    await expect(dialog.locator('.workflow-node--current')).toBeInViewport()
    await expectAccessible(page, 'workflow diagram modal at 390 px')
    await page.keyboard.press('Escape')
    await expect(dialog).toBeHidden()
    await page.setViewportSize({ width: 1280, height: 800 })

    // Clearing the choice empties the records.
    await page.getByRole('button', { name: 'Clear the chosen task' }).focus()
    await page.keyboard.press('Enter')
    await expect(table).toHaveCount(0)
    await expect(open).toHaveCount(0)
    await expect(page).not.toHaveURL(/task=/)
  })

  test('a status reached twice gets its own node, and a long history (200 records) opens at once', async ({
    page,
  }, testInfo) => {
    const taskId = await ownTask(page.request, testInfo, ['work_inprogress'])
    await growHistory(page.request, taskId, 200)
    const records = await workflowOf(page.request, taskId)
    const expected = expectedNodeIds(records)
    expect(new Set(expected).size).toBe(records.length)

    // Straight to the task's address: the screen fetches the diagram's code once a task is chosen.
    await page.goto(`/wfs?task=${taskId}`)
    const open = page.getByRole('button', { name: 'Open Workflow' })
    await expect(open).toBeEnabled()
    await expect(page.getByTestId('workflow-records').locator('tbody tr')).toHaveCount(records.length)

    const measure = () =>
      page.evaluate(
        ({ lastId, lastEdgeId }) =>
          new Promise<number>((resolve) => {
            const button = [...document.querySelectorAll('button')].find((b) => b.textContent === 'Open Workflow')!
            const start = performance.now()
            button.click()
            // Drawn: the current status visible, with the edge into it and its 'moved to' label.
            const drawn = () => {
              const last = document.querySelector(`.react-flow__node[data-id="${CSS.escape(lastId)}"]`)
              return (
                last !== null &&
                getComputedStyle(last).visibility === 'visible' &&
                document.querySelector(`.react-flow__edge[data-id="${CSS.escape(lastEdgeId)}"] path`) !== null &&
                document.querySelector('.workflow-edge__label') !== null
              )
            }
            const check = () => (drawn() ? resolve(performance.now() - start) : requestAnimationFrame(check))
            check()
          }),
        { lastId: expected.at(-1)!, lastEdgeId: `${expected.at(-2)}->${expected.at(-1)}` },
      )

    const firstMs = await measure()
    const dialog = page.getByRole('dialog', { name: 'Workflow Diagram' })
    await expect(dialog.getByRole('figure')).toContainText(
      `${records.length} statuses, now ${STATUS_LABELS[records.at(-1)!.status]}`,
    )
    // A long history draws what is in view, and opens on where the task is now: the latest statuses,
    // in order, ending with the current one.
    const nodes = dialog.locator('.react-flow__node')
    const drawn = await nodes.evaluateAll((els) => els.map((el) => el.getAttribute('data-id')!))
    expect(drawn.length).toBeGreaterThan(1)
    expect(drawn.length).toBeLessThan(records.length)
    expect(drawn).toEqual(expected.slice(-drawn.length))
    await expect(nodes.locator('.workflow-node__label')).toHaveText(
      records.slice(-drawn.length).map((r) => STATUS_LABELS[r.status]),
    )
    await expect(dialog.locator('.workflow-node--current')).toBeInViewport()
    // The same status reached again is a new node with its running count.
    expect(drawn.some((id) => new RegExp(`^work_(inprogress|pending)_${taskId}_([2-9]|\\d{2,})$`).test(id))).toBe(true)
    // Fit view shows more of the history, down to the minimum zoom.
    await dialog.getByRole('button', { name: 'Fit the diagram to the view' }).click()
    await expect.poll(() => nodes.count()).toBeGreaterThan(drawn.length)
    await page.keyboard.press('Escape')
    await expect(dialog).toBeHidden()

    const againMs = await measure()
    await expect(dialog.locator('.workflow-node--current')).toBeInViewport()
    await page.keyboard.press('Escape')

    // A figure for the bench report, never an assertion.
    const figure = `${records.length} records: click to diagram drawn ${firstMs.toFixed(0)} ms on first open, ${againMs.toFixed(0)} ms when opened again`
    testInfo.annotations.push({ type: 'bench: workflow diagram', description: figure })
    console.log(`[bench] workflow diagram, ${figure}`)
  })
})

test.describe('diagram demos', () => {
  test.beforeEach(async ({ page }) => {
    await page.goto('/about')
    await loginByApi(page, 'operator')
  })

  test('/ff shows two nodes joined by an edge, the minimap and the controls', async ({ page }) => {
    await page.goto('/ff')
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('First Flow')
    const flow = page.getByRole('application', { name: 'First flow demo diagram' })
    await expect(flow.locator('.react-flow__node')).toHaveText(['Node 1', 'Node 2'])
    await expect(flow.locator('.react-flow__edge')).toHaveCount(1)
    await expect(flow.getByRole('img', { name: 'Mini map of the diagram' })).toBeVisible()
    await expect(flow.locator('.react-flow__background pattern circle')).toHaveCount(1)
    const zoomIn = flow.getByRole('button', { name: 'Zoom in' })
    await expect(zoomIn).toBeEnabled()
    await expect(flow.getByRole('button', { name: 'Zoom out' })).toBeVisible()
    await expect(flow.getByRole('button', { name: 'Fit the diagram to the view' })).toBeVisible()
    const scale = () =>
      flow.locator('.react-flow__viewport').evaluate((el) => new DOMMatrix(getComputedStyle(el).transform).a)
    const before = await scale()
    await zoomIn.click()
    await expect.poll(scale).toBeGreaterThan(before)
    await expectAccessible(page, '/ff')
  })

  test('/un: the label and colour inputs change the first node at once, the checkbox hides it and its edge', async ({
    page,
  }) => {
    await page.goto('/un')
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Update Node')
    const flow = page.getByRole('application', { name: 'Update node demo diagram' })
    const first = flow.locator('.react-flow__node[data-id="1"]')
    await expect(first).toHaveText('Node 1')
    await expect(first).toHaveCSS('background-color', 'rgb(238, 238, 238)')
    await expect(flow.locator('.react-flow__node[data-id="2"]')).toHaveText('Node 2')
    // Starts at zoom 1.5 (not the fit-view maximum); dots 12 apart, size 1.
    const scale = await flow
      .locator('.react-flow__viewport')
      .evaluate((el) => new DOMMatrix(getComputedStyle(el).transform).a)
    expect(scale).toBeCloseTo(1.5, 5)
    await expect(flow.locator('.react-flow__background pattern')).toHaveAttribute('width', String(12 * 1.5))
    await expect(flow.locator('.react-flow__background pattern circle')).toHaveAttribute('r', String(0.5 * 1.5))

    const label = page.getByRole('textbox', { name: 'Label' })
    await expect(label).toHaveValue('Node 1')
    await label.fill('Pump room')
    await expect(first).toHaveText('Pump room')

    const colour = page.getByRole('textbox', { name: 'Background' })
    await expect(colour).toHaveValue('#eee')
    await colour.fill('#1c4f86')
    await expect(first).toHaveCSS('background-color', 'rgb(28, 79, 134)')
    // A dark background turns the label white, so it stays readable.
    await expect(first).toHaveCSS('color', 'rgb(255, 255, 255)')
    // The swatches that open under the input are named, and choosing one changes the node too.
    const swatch = page.getByRole('button', { name: '#fcd34d' })
    await expect(swatch).toBeVisible()
    await expectAccessible(page, '/un with the colour swatches open')
    await swatch.click()
    await expect(colour).toHaveValue('#fcd34d')
    await expect(first).toHaveCSS('background-color', 'rgb(252, 211, 77)')
    await expect(first).toHaveCSS('color', 'rgb(0, 0, 0)')
    await expect(swatch).toBeHidden()
    await expectAccessible(page, '/un after changes')

    const hidden = page.getByRole('checkbox', { name: 'Hidden' })
    await hidden.check()
    await expect(first).toBeHidden()
    await expect(flow.locator('.react-flow__edge')).toHaveCount(0)
    await expect(flow.locator('.react-flow__node[data-id="2"]')).toBeVisible()
    await hidden.uncheck()
    await expect(first).toBeVisible()
    await expect(first).toHaveText('Pump room')
    await expect(flow.locator('.react-flow__edge')).toHaveCount(1)
  })
})

/** The built files that carry React Flow's code or CSS, found by content so chunk names do not matter. */
function reactFlowFiles(): string[] {
  const dist = process.env.WEB_DIST ?? path.join(REPO_ROOT, 'apps/web/dist')
  const manifest = JSON.parse(readFileSync(path.join(dist, '.vite/manifest.json'), 'utf8')) as Record<
    string,
    { file: string; css?: string[] }
  >
  const files = new Set(Object.values(manifest).flatMap((c) => [c.file, ...(c.css ?? [])]))
  // Also any asset the manifest does not list, to be safe.
  for (const name of readdirSync(path.join(dist, 'assets'))) files.add(`assets/${name}`)
  return [...files].filter(
    (file) =>
      /\.(js|css)$/.test(file) &&
      /react-flow__(renderer|pane|viewport)/.test(readFileSync(path.join(dist, file), 'utf8')),
  )
}

test.describe('only the diagram screens pay for React Flow', () => {
  test('the home page and /wfs before a diagram opens never request React Flow; /ff does', async ({ page }) => {
    const flowFiles = reactFlowFiles()
    expect(flowFiles.length, 'React Flow is in the build').toBeGreaterThan(0)
    const requested: string[] = []
    page.on('request', (req) => requested.push(new URL(req.url()).pathname))
    const flowRequests = () => requested.filter((p) => flowFiles.some((file) => p.endsWith(`/${file}`)))

    await page.goto('/')
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
    await page.waitForLoadState('networkidle')
    expect(requested.length).toBeGreaterThan(0)
    expect(flowRequests(), 'React Flow requested by the home page').toEqual([])

    await page.goto('/about')
    await loginByApi(page, 'operator')
    await page.goto('/wfs')
    await expect(page.getByRole('combobox', { name: 'Task', exact: true })).toBeVisible()
    await page.waitForLoadState('networkidle')
    expect(flowRequests(), 'React Flow requested by /wfs before a diagram is wanted').toEqual([])

    await page.goto('/ff')
    await expect(page.locator('.react-flow__node')).toHaveCount(2)
    expect(flowRequests().length, 'React Flow requested by /ff').toBeGreaterThan(0)
  })
})
