import type { TaskChargesResponse, WorkerProfileResponse, WorkerSuggestionsResponse } from '@townworks/contract'
import { expect, expectAccessible, loginAs, test } from './support/fixtures'
import { cameraPhoto } from './support/photos'
import { apiWith, indianDate, uniqueTag, ok, bookedJobToday } from './support/world'

test.describe('trust between strangers on a phone (issue 21)', () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true })

  test('the customer sees who is coming and the start code; the worker starts with it; the customer rates after paying', async ({
    page,
    browser,
  }, testInfo) => {
    // A customer and a worker of this journey's own; the customer asks for a plumber today.
    const { operator, admin, asCustomer, worker, workerAccount, customerAccount, request, taskId } =
      await bookedJobToday(testInfo, {
        service: 'Plumber',
        town: 'Nirmal',
        workerName: 'Gopal',
        customerName: 'Kavitha Rani',
        taskName: 'Kitchen tap',
      })

    // The customer's My requests: who is coming (new here) and the code to read out at the door.
    await page.goto('/about')
    await loginAs(page, customerAccount)
    await page.goto('/my/requests')
    const card = page.getByRole('article').filter({ hasText: request.reference })
    await expect(card).toContainText(worker.name)
    await expect(card).toContainText('New on TownWorks')
    const codeRegion = card.getByRole('region', { name: 'Start code' })
    await expect(codeRegion).toContainText(`Tell it to ${worker.name} at your door`)
    const code = (await codeRegion.locator('.requests-startcode__digits').textContent())!.trim()
    expect(code).toMatch(/^\d{4}$/)
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390)
    await expectAccessible(page, '/my/requests with the start code')

    // The worker at the door: a wrong code is refused with the tries left, the right one starts the work.
    const workerContext = await browser.newContext({
      viewport: { width: 390, height: 844 },
      isMobile: true,
      hasTouch: true,
    })
    const workerPage = await workerContext.newPage()
    await workerPage.goto('/about')
    await loginAs(workerPage, workerAccount)
    await workerPage.goto('/my/jobs')
    const job = workerPage.getByRole('article').filter({ hasText: 'Kavitha' }).first()
    await job.getByRole('button', { name: /^Start:/ }).tap()
    const box = job.getByLabel('Customer’s start code')
    const wrong = String((Number(code) + 1) % 10_000).padStart(4, '0')
    await box.fill(wrong)
    await job.getByRole('button', { name: 'Start work' }).tap()
    await expect(job).toContainText('That is not the code. 4 tries left.')
    await expect(box).toHaveValue(wrong)
    await box.fill(code)
    await job.getByRole('button', { name: 'Start work' }).tap()
    await expect(job).toContainText('Work in progress')
    await expectAccessible(workerPage, '/my/jobs after starting with the code')

    // The worker's own profile: a selfie and the languages they speak, as customers will see them.
    const mine = workerPage.getByRole('region', { name: 'My profile' })
    await expect(mine).toContainText('No photo yet.')
    await mine.getByRole('button', { name: 'Change my photo and languages' }).tap()
    await expect(mine.getByRole('button', { name: 'Take a selfie' })).toBeVisible()
    await mine.getByTestId('profile-photo-camera').setInputFiles({
      name: 'IMG_selfie.jpg',
      mimeType: 'image/jpeg',
      buffer: await cameraPhoto(workerPage),
    })
    await expect(mine).toContainText('Photo saved. Customers see it on their booking.')
    await expect(mine.getByRole('img', { name: 'Your photo' })).toBeVisible()
    await mine.getByRole('checkbox', { name: 'తెలుగు' }).check()
    await mine.getByRole('checkbox', { name: 'हिन्दी' }).check()
    await mine.getByRole('button', { name: 'Save languages' }).tap()
    await expect(mine).toContainText('Languages saved.')
    await expect(mine).toContainText('Languages: తెలుగు, हिन्दी')
    expect(await workerPage.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390)
    await expectAccessible(workerPage, '/my/jobs with my profile open')
    await workerContext.close()

    // The history says the work started with the customer's code, and by whom.
    const history = await ok<{ workflows: { status: string; proof?: string | null; by: string | null }[] }>(
      operator.get(`/api/workflow/${taskId}`),
    )
    expect(history.workflows.at(-1)).toMatchObject({
      status: 'work_inprogress',
      proof: 'start_code',
      by: workerAccount.username,
    })

    // The work is done, the customer confirms, and pays the office in cash.
    const asWorker = await apiWith(workerAccount)
    await ok(asWorker.put(`/api/update-status/${taskId}`, { data: { status: 'work_completed' } }))
    await ok(asCustomer.put(`/api/update-status/${taskId}`, { data: { status: 'payment_pending' } }))
    const { charges } = await ok<TaskChargesResponse>(operator.get(`/api/tasks/${taskId}/charges`))
    await ok(
      operator.post(`/api/tasks/${taskId}/payments/manual`, {
        headers: { 'Idempotency-Key': `trust-${uniqueTag(testInfo)}` },
        data: { amount_paise: charges.total_paise, method: 'cash' },
      }),
    )

    // The payment's thanks links to the rating: it opens the form for this job.
    await page.goto(`/my/requests?rate=${taskId}`)
    const form = card.getByRole('group', { name: `How was ${worker.name}'s work?` })
    await expect(form).toBeVisible()
    await expect(page.getByRole('region', { name: 'Start code' })).toHaveCount(0)
    await expectAccessible(page, '/my/requests rating a paid job')
    await form.getByRole('radio', { name: '4 stars: Good' }).check()
    await card.getByLabel('Tell others about the work (optional)').fill('Fixed the tap in half an hour.')
    await card.getByRole('button', { name: 'Send rating' }).tap()
    await expect(page.getByText(`Thank you! Your rating of ${worker.name} is saved.`)).toBeVisible()
    await expect(card).toContainText('You gave 4 of 5 stars')
    await expect(card).toContainText('Fixed the tap in half an hour.')

    // Who came, in full: the worker's photo on the card (the browser drew it), and their profile with
    // the languages they ticked and this review.
    const face = card.getByRole('img', { name: `Photo of ${worker.name}` })
    await expect(face).toBeVisible()
    await expect.poll(() => face.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0)
    await card.getByRole('button', { name: `See ${worker.name}'s profile` }).tap()
    const profileView = card.getByRole('region', { name: `${worker.name}'s profile` })
    await expect(profileView).toContainText('Speaks తెలుగు, हिन्दी')
    await expect(profileView).toContainText('From Nirmal')
    await expect(profileView).toContainText('Fixed the tap in half an hour.')
    await expect(profileView.getByRole('img', { name: '4 of 5 stars' })).toBeVisible()
    await expectAccessible(page, '/my/requests with the worker profile open')

    // The rating shows on the worker's public profile (first name and town only) and in the picker.
    const { profile } = await ok<WorkerProfileResponse>(page.request.get(`/api/workers/${worker.id}/profile`))
    expect(profile).toMatchObject({ rating_avg: 4, rating_count: 1, jobs_done: 1 })
    expect(profile.reviews[0]).toMatchObject({
      stars: 4,
      review: 'Fixed the tap in half an hour.',
      customer_first_name: 'Kavitha',
      town: 'Nirmal',
    })
    const suggestions = await ok<WorkerSuggestionsResponse>(
      operator.get('/api/workers/suggestions', {
        params: {
          service: 'Plumber',
          town: 'Nirmal',
          date: indianDate(30),
          startTime: '15:00',
          endTime: '16:00',
          sort: 'rating',
        },
      }),
    )
    expect(suggestions.workers.find((w) => w.worker_id === worker.id)).toMatchObject({ rating_avg: 4, rating_count: 1 })
    // Anyone booking from /swl sees it on the worker's card.
    await page.goto('/swl')
    const workerCard = page.getByRole('article').filter({ hasText: worker.name })
    // Seen as "★ 4.0 (1) · 1 job done"; read out as "Rated 4.0 out of 5 by 1 customer".
    await expect(workerCard.locator('.workers-card__standing [aria-hidden="true"]')).toHaveText('★ 4.0 (1)')
    await expect(workerCard).toContainText('Rated 4.0 out of 5 by 1 customer · 1 job done')
    await Promise.all([operator.dispose(), admin.dispose(), asCustomer.dispose(), asWorker.dispose()])
  })
})
