import type { TaskPhotosResponse } from '@townworks/contract'
import type { Locator } from '@playwright/test'
import { expect, expectAccessible, loginAs, loginByApi, test } from './support/fixtures'
import { cameraPhoto } from './support/photos'
import { apiWith, ok, ownAccount, startCodeFromMessages, bookedJobToday } from './support/world'

/** The image has arrived and the browser drew it (its bytes decode as the picture). */
async function expectDrawn(image: Locator): Promise<void> {
  await image.scrollIntoViewIfNeeded()
  await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true)
}

test.describe('photos of the finished work on a phone (issue 21)', () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true })

  test('the worker completes and sends a photo; the customer sees it in My requests; the office on the job page', async ({
    page,
    browser,
  }, testInfo) => {
    const { operator, admin, asCustomer, worker, workerAccount, customerAccount, request, taskId } =
      await bookedJobToday(testInfo, {
        service: 'Painter',
        town: 'Armoor',
        workerName: 'Suresh',
        customerName: 'Swapna Latha',
        taskName: 'Bedroom wall',
      })
    // The worker came: started with the customer's code (trust.spec.ts walks through that on screen).
    const asWorker = await apiWith(workerAccount)
    await ok(
      asWorker.post(`/api/tasks/${taskId}/start`, {
        data: { start_code: await startCodeFromMessages(operator, taskId) },
      }),
    )

    // The worker's phone: Complete, yes; the photos of the work open right there.
    await page.goto('/about')
    await loginAs(page, workerAccount)
    await page.goto('/my/jobs')
    const job = page.getByRole('article').filter({ hasText: 'Swapna' }).first()
    await job.getByRole('button', { name: /^Complete:/ }).tap()
    await job.getByRole('button', { name: 'Yes, completed' }).tap()
    const panel = job.getByRole('region', { name: 'Photos of the work' })
    await expect(panel.getByRole('heading', { name: 'Photos of the work' })).toBeFocused()
    await expect(panel).toContainText('No photos sent yet.')
    await expect(job).toContainText('Work completed')
    await expect(panel.getByRole('button', { name: 'Take a photo' })).toBeVisible()
    await expectAccessible(page, '/my/jobs with the photos of the work open')

    // The camera's photo: made smaller in the phone, sent, then shown among those sent.
    const photo = await cameraPhoto(page)
    await panel.getByTestId('work-photos-camera').setInputFiles({
      name: 'IMG_20261127_101500.jpg',
      mimeType: 'image/jpeg',
      buffer: photo,
    })
    await expect(panel).toContainText('1 photo sent.')
    const thumbnail = panel.getByRole('img', { name: 'Photo 1 of 1 of the work: open it full size' })
    await expectDrawn(thumbnail)
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390)
    await expectAccessible(page, '/my/jobs with a photo sent')

    // What the server keeps: one JPEG of at most 1600 px and 600 KB.
    const { photos } = await ok<TaskPhotosResponse>(operator.get(`/api/tasks/${taskId}/photos`))
    expect(photos).toHaveLength(1)
    expect(photos[0]).toMatchObject({ type: 'image/jpeg', width: 1600, height: 1200 })
    expect(photos[0]!.bytes).toBeLessThanOrEqual(600 * 1024)
    expect(photos[0]!.bytes).toBeLessThan(photo.length)

    // The customer's My requests: the photo of the finished work, a tap from full size.
    const customerContext = await browser.newContext({
      viewport: { width: 390, height: 844 },
      isMobile: true,
      hasTouch: true,
    })
    const customerPage = await customerContext.newPage()
    await customerPage.goto('/about')
    await loginAs(customerPage, customerAccount)
    await customerPage.goto('/my/requests')
    const card = customerPage.getByRole('article').filter({ hasText: request.reference })
    const shown = card.getByRole('region', { name: 'Photos of the work' })
    await expect(shown).toContainText(`${worker.name} sent 1 photo of the finished work.`)
    const image = shown.getByRole('img', { name: 'Photo 1 of 1 of the work: open it full size' })
    await expectDrawn(image)
    await expect(image.locator('xpath=..')).toHaveAttribute('href', photos[0]!.url)
    expect(await customerPage.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390)
    await expectAccessible(customerPage, '/my/requests with the photos of the work')
    // The image itself is the customer's to see, kept by the phone; another customer gets nothing.
    const own = await customerPage.request.get(photos[0]!.url)
    expect(own.status()).toBe(200)
    expect(own.headers()['content-type']).toBe('image/jpeg')
    expect(own.headers()['cache-control']).toBe('private, max-age=31536000, immutable')
    const stranger = await apiWith(await ownAccount(admin, testInfo, 'customer', 'x'))
    expect((await stranger.get(photos[0]!.url)).status()).toBe(404)
    await customerContext.close()

    // The office: the job page shows it before anyone pays the worker.
    const officeContext = await browser.newContext({ viewport: { width: 1280, height: 800 } })
    const officePage = await officeContext.newPage()
    await officePage.goto('/about')
    await loginByApi(officePage, 'operator')
    await officePage.goto(`/jobs/${taskId}`)
    const office = officePage.getByRole('region', { name: 'Photos of the work' })
    await expectDrawn(office.getByRole('img', { name: /^Photo 1 of 1 of the work, sent .*: open it full size$/ }))
    await expect(office).toContainText('1 photo of at most 5.')
    await expectAccessible(officePage, '/jobs/:taskId with the photos of the work')
    await officeContext.close()

    await Promise.all([
      operator.dispose(),
      admin.dispose(),
      asCustomer.dispose(),
      asWorker.dispose(),
      stranger.dispose(),
    ])
  })
})
