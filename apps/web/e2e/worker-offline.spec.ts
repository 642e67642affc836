import type { JobResponse, TaskPhotosResponse } from '@townworks/contract'
import type { Page } from '@playwright/test'
import { expect, loginAs, test } from './support/fixtures'
import { cameraPhoto } from './support/photos'
import { underServiceWorker } from './support/offline'
import { bookedJobToday, moveTask, ok, startCodeFromMessages } from './support/world'

// A worker on a site with no signal (issue 23): My jobs from the phone's copy, the start with the customer's
// code, Completed and a photo kept on the phone ("Waiting to send"), nothing lost when the page is closed and
// opened again, and each step applied once when the signal returns; a queued action the server refuses (the
// office cancelled the job meanwhile) shown with its reason.

/** The bar above the jobs (role=status): offline, when the list was loaded, what waits. */
const queueBar = (page: Page) => page.locator('.jobs__offline')

async function openMyJobs(page: Page, customer: string) {
  await page.goto('/my/jobs')
  const job = page.getByRole('article').filter({ hasText: customer }).first()
  await expect(job).toBeVisible()
  // The offline parts come once the jobs are drawn: the bar's live region is there.
  await expect(page.locator('[role="status"]').first()).toBeAttached()
  return job
}

test.describe('a worker on a site with no signal (issue 23)', () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, serviceWorkers: 'allow' })

  test('starts with the code, completes with a photo offline, reopens the app, and each step reaches the server once', async ({
    page,
    context,
  }, testInfo) => {
    const { operator, workerAccount, taskId } = await bookedJobToday(testInfo, {
      service: 'Electrician',
      town: 'Nirmal',
      workerName: 'Kiran',
      customerName: 'Lavanya Rao',
      taskName: 'Fan fitting',
    })
    const code = await startCodeFromMessages(operator, taskId)

    // Online: the worker opens My jobs once (the phone keeps a copy), the service worker takes the files.
    await page.goto('/about')
    await loginAs(page, workerAccount)
    await openMyJobs(page, 'Lavanya')
    await underServiceWorker(page)
    let job = await openMyJobs(page, 'Lavanya')
    const photo = await cameraPhoto(page)

    // No signal on the site.
    await context.setOffline(true)
    await job.getByRole('button', { name: /^Start:/ }).tap()
    await job.getByRole('textbox', { name: 'Customer’s start code' }).fill(code)
    await job.getByRole('button', { name: 'Start work' }).tap()
    await expect(page.getByText('kept on this phone. It goes when you have signal.')).toBeVisible()
    await expect(job).toContainText('Work in progress')
    await expect(job.locator('.job__waiting')).toHaveText('Waiting to send: Start')

    await job.getByRole('button', { name: /^Complete:/ }).tap()
    await job.getByRole('button', { name: 'Yes, completed' }).tap()
    await expect(job).toContainText('Work completed')
    const panel = job.getByRole('region', { name: 'Photos of the work' })
    await expect(panel).toContainText('No signal: the photos you take are kept on this phone')
    await panel.getByTestId('work-photos-camera').setInputFiles({
      name: 'IMG_20261127_111500.jpg',
      mimeType: 'image/jpeg',
      buffer: photo,
    })
    await expect(job.locator('.job__waiting')).toHaveText('Waiting to send: Start, Completed, Photo')
    await expect(queueBar(page)).toContainText('You are offline.')
    await expect(queueBar(page)).toContainText('3 actions waiting to send — they go when you have signal.')

    // The app is closed and opened again, still with no signal: the jobs from the phone's copy, with
    // when they were loaded, and all three actions still waiting.
    await page.close()
    const again = await context.newPage()
    job = await openMyJobs(again, 'Lavanya')
    await expect(queueBar(again)).toContainText(/You are offline\. Last updated at \d\d:\d\d\./)
    await expect(queueBar(again)).toContainText('3 actions waiting to send')
    await expect(job).toContainText('Work completed')
    await expect(job.locator('.job__waiting')).toHaveText('Waiting to send: Start, Completed, Photo')

    // The signal returns: everything goes, in order, and the card shows the server's status.
    await context.setOffline(false)
    await expect(job.locator('.job__waiting')).toHaveCount(0, { timeout: 60_000 })
    await expect(again.getByText(/waiting to send/)).toHaveCount(0)
    await expect(job).toContainText('Work completed')

    // The office's view: completed, one history row per step, one photo.
    const seen = await ok<JobResponse>(operator.get(`/api/jobs/${taskId}`))
    expect(seen.task.status).toBe('work_completed')
    expect(seen.history.filter((h) => h.status === 'work_inprogress')).toHaveLength(1)
    expect(seen.history.filter((h) => h.status === 'work_completed')).toHaveLength(1)
    const { photos } = await ok<TaskPhotosResponse>(operator.get(`/api/tasks/${taskId}/photos`))
    expect(photos).toHaveLength(1)
  })

  test('a start queued offline that the server refuses (the office cancelled the job) shows the reason until Got it', async ({
    page,
    context,
  }, testInfo) => {
    const { operator, workerAccount, taskId } = await bookedJobToday(testInfo, {
      service: 'Plumber',
      town: 'Armoor',
      workerName: 'Naresh',
      customerName: 'Sujatha Devi',
      taskName: 'Kitchen tap',
    })
    const code = await startCodeFromMessages(operator, taskId)
    await page.goto('/about')
    await loginAs(page, workerAccount)
    await openMyJobs(page, 'Sujatha')
    await underServiceWorker(page)
    const job = await openMyJobs(page, 'Sujatha')

    await context.setOffline(true)
    await job.getByRole('button', { name: /^Start:/ }).tap()
    await job.getByRole('textbox', { name: 'Customer’s start code' }).fill(code)
    await job.getByRole('button', { name: 'Start work' }).tap()
    await expect(job.locator('.job__waiting')).toHaveText('Waiting to send: Start')

    // Meanwhile the office cancels the job.
    await moveTask(operator, taskId, ['cancelled'])

    await context.setOffline(false)
    // The job is no longer listed (cancelled): the refusal shows above the jobs, with its reason.
    const refusal = page.getByRole('group', { name: 'Not sent: Start' })
    await expect(refusal).toContainText(
      'Not sent (Start): This job is no longer yours: the office cancelled it or gave it to another worker.',
      { timeout: 60_000 },
    )
    await expect(refusal).toContainText('Kitchen tap')
    await refusal.getByRole('button', { name: 'Got it: Start not sent' }).tap()
    await expect(refusal).toHaveCount(0)

    // Nothing was applied: the task stays cancelled, never started.
    const seen = await ok<JobResponse>(operator.get(`/api/jobs/${taskId}`))
    expect(seen.task.status).toBe('cancelled')
    expect(seen.history.filter((h) => h.status === 'work_inprogress')).toHaveLength(0)
  })
})
