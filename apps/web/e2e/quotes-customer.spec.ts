import { mkdirSync } from 'node:fs'
import path from 'node:path'
import type { Page } from '@playwright/test'
import type {
  CreateQuoteInput,
  MyRequestsResponse,
  RequestQuotesResponse,
  ServiceRequestDetail,
} from '@townworks/contract'
import { expect, expectAccessible, loginByApi, test } from './support/fixtures'
import { REPO_ROOT } from './support/paths'
import { customerWithRequest, SAND_TWO_LOADS, sendQuote } from './support/quotes'
import { hireWorker, indianDate, ok } from './support/world'

/*
 * Issue 22, decision 061: the office sends a quote for a customer's request; on My requests the
 * customer reads it in their language, line by line, and accepts it (the office then schedules, or
 * the quote's slot is booked at once) or declines it with a reason (the request is closed). The
 * screens are saved for a reviewer (test-results/screens).
 */

const SCREENS = path.join(REPO_ROOT, 'test-results/screens')

/** A fixed-price job of labour and 2 tractor loads of sand: ₹1,500 + ₹7,000. */
const LINES: CreateQuoteInput['lines'] = [
  { kind: 'labour', description: 'Level the yard', unit: 'job', quantity: 1, unit_price_paise: 150_000 },
  SAND_TWO_LOADS,
]

/** The page scrolls sideways by at most a pixel (nothing cut off at 390 px). */
async function expectNoSidewaysScroll(page: Page) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)
  expect(overflow, 'the page scrolls sideways').toBeLessThanOrEqual(1)
}

test.describe('a customer decides on a quote on a phone, in Telugu (issue 22)', () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true })

  test('sees the quote line by line in Telugu, accepts it, and is told the office will schedule the visit', async ({
    page,
    browser,
  }, testInfo) => {
    mkdirSync(SCREENS, { recursive: true })
    const { operator, request } = await customerWithRequest(page, testInfo, { language: 'te' })
    const quote = await sendQuote(operator, request.id, LINES, { note: 'ఇసుక గోదావరి నుంచి తెస్తాం.' })

    await page.goto('/my/requests')
    await expect(page.locator('html')).toHaveAttribute('lang', 'te')
    const card = page.getByRole('article').filter({ hasText: request.reference })
    const panel = card.getByRole('region', { name: 'మీ కొటేషన్' })
    await expect(panel).toContainText('కొటేషన్ 1')
    const lines = panel.getByRole('table', { name: 'కొటేషన్ 1 లో ఉన్నవి' })
    await expect(lines.getByRole('row')).toHaveText([
      /Level the yard\s*1 పని × ₹1,500\s*₹1,500/,
      /Sand\s*2 ట్రాక్టర్ లోడ్లు × ₹3,500\s*₹7,000/,
      /మొత్తం\s*₹8,500/,
    ])
    await expect(panel).toContainText('చెల్లుతుంది')
    await expect(panel).toContainText('ఇసుక గోదావరి నుంచి తెస్తాం.')
    const accept = panel.getByRole('button', { name: '₹8,500 కొటేషన్‌ను అంగీకరించండి' })
    await expect(accept).toBeVisible()
    await expect(panel.getByRole('button', { name: 'తిరస్కరించండి' })).toBeVisible()
    await expectNoSidewaysScroll(page)
    await expectAccessible(page, '/my/requests in Telugu with a quote waiting')
    await card.screenshot({ path: path.join(SCREENS, 'quote-waiting-390-te.png') })

    // Accepting asks first, in a dialog that says what it costs and what comes next.
    await accept.tap()
    const dialog = page.getByRole('dialog', { name: 'కొటేషన్ 1 ను అంగీకరించాలా?' })
    await expect(dialog).toContainText('ఈ పనికి ₹8,500 చెల్లించడానికి మీరు అంగీకరిస్తున్నారు.')
    await expect(dialog).toContainText('ఆ తర్వాత ఆఫీసు మీ సందర్శన సమయాన్ని నిర్ణయిస్తుంది.')
    await expectAccessible(page, 'the accept dialog in Telugu')
    await page.screenshot({ path: path.join(SCREENS, 'quote-accept-dialog-390-te.png') })
    await dialog.getByRole('button', { name: 'అవును, అంగీకరిస్తున్నాను' }).tap()
    await expect(dialog).toBeHidden()
    await expect(card.getByRole('status').filter({ hasText: 'కొటేషన్ 1 ను అంగీకరించారు' })).toContainText(
      'ఇప్పుడు ఆఫీసు మీ సందర్శన సమయాన్ని నిర్ణయించి మీకు ఫోన్ చేస్తుంది.',
    )
    await expect(card).toContainText(/మీరు .+ న కొటేషన్ 1 ను అంగీకరించారు, ₹8,500\./)
    await expect(card.getByRole('button', { name: /అంగీకరించండి/ })).toHaveCount(0)
    await expectNoSidewaysScroll(page)
    await expectAccessible(page, '/my/requests in Telugu with the quote accepted')
    await card.screenshot({ path: path.join(SCREENS, 'quote-accepted-390-te.png') })

    // The office sees the acceptance: the request waits for its schedule.
    const { quotes } = await ok<RequestQuotesResponse>(operator.get(`/api/requests/${request.id}/quotes`))
    expect(quotes.map((q) => [q.id, q.status])).toEqual([[quote.id, 'accepted']])
    await operator.dispose()

    // …and on its inbox row, at a desk: "Quote accepted: schedule it", with the version and the total.
    const desk = await browser.newContext({ viewport: { width: 1280, height: 900 }, reducedMotion: 'reduce' })
    try {
      const office = await desk.newPage()
      await office.goto('/about')
      await loginByApi(office, 'operator')
      await office.goto('/requests?state=open&service=Brick+Worker&town=Armoor')
      const row = office.getByRole('row', { name: new RegExp(request.reference) })
      await expect(row.getByRole('cell').filter({ hasText: 'Quote accepted: schedule it' })).toContainText(
        'v1 · ₹8,500',
      )
      await expectAccessible(office, '/requests with an accepted quote')
      await row.screenshot({ path: path.join(SCREENS, 'inbox-quote-accepted-1280-en.png') })
    } finally {
      await desk.close()
    }
  })

  test('declines a quote with a reason: the request is shown closed, with the reason', async ({ page }, testInfo) => {
    mkdirSync(SCREENS, { recursive: true })
    const { operator, request } = await customerWithRequest(page, testInfo, { language: 'te' })
    await sendQuote(operator, request.id, LINES)

    await page.goto('/my/requests')
    const card = page.getByRole('article').filter({ hasText: request.reference })
    await card.getByRole('button', { name: 'తిరస్కరించండి' }).tap()
    const dialog = page.getByRole('dialog', { name: 'కొటేషన్ 1 ను తిరస్కరించాలా?' })
    const reason = dialog.getByRole('textbox', { name: 'ఎందుకు తిరస్కరిస్తున్నారు? (ఐచ్ఛికం)' })
    await expect(reason).toBeFocused()
    await reason.fill('ధర ఎక్కువగా ఉంది')
    await expectAccessible(page, 'the decline form in Telugu')
    await page.screenshot({ path: path.join(SCREENS, 'quote-decline-dialog-390-te.png') })
    await dialog.getByRole('button', { name: 'కొటేషన్‌ను తిరస్కరించండి' }).tap()
    await expect(dialog).toBeHidden()
    await expect(card).toContainText('మీరు కొటేషన్ 1 ను తిరస్కరించారు. మీ అభ్యర్థన మూసివేయబడింది.')
    await expect(card).toContainText(/మీరు .+ న కొటేషన్ 1 ను తిరస్కరించారు\./)
    await expect(card).toContainText('మీ కారణం: ధర ఎక్కువగా ఉంది')
    await expect(card.locator('.requests-mine-card__badge')).toContainText('మూసివేయబడింది')
    await expect(card.getByRole('button', { name: /అంగీకరించండి|తిరస్కరించండి/ })).toHaveCount(0)
    await expectNoSidewaysScroll(page)
    await expectAccessible(page, '/my/requests in Telugu with the quote declined')
    await card.screenshot({ path: path.join(SCREENS, 'quote-declined-390-te.png') })

    // Closed for the office too, with whose decision it was.
    const asOffice = await ok<ServiceRequestDetail>(operator.get(`/api/requests/${request.id}`))
    expect(asOffice.state).toBe('rejected')
    expect(asOffice.reject_reason).toBe('Customer declined the quote: ధర ఎక్కువగా ఉంది')
    await operator.dispose()
  })
})

test('in English at 1280 px: a second version with a slot, accepted, is booked at once and charged exactly', async ({
  page,
}, testInfo) => {
  mkdirSync(SCREENS, { recursive: true })
  const { operator, request } = await customerWithRequest(page, testInfo, { language: 'en' })
  const worker = await hireWorker(operator, testInfo, { service: 'Brick Worker', town: 'Armoor', name: 'Mason' })
  const date = indianDate(12)
  await sendQuote(operator, request.id, LINES)
  const second = await sendQuote(operator, request.id, LINES, {
    visit_charge_paise: 20_000,
    note: 'Sand from the Godavari bed.\nWe level the yard the same day.',
    slot: { worker_id: worker.id, date, start_time: '10:00', end_time: '12:00' },
  })
  expect(second.version).toBe(2)

  await page.goto('/my/requests')
  const card = page.getByRole('article').filter({ hasText: request.reference })
  const panel = card.getByRole('region', { name: 'Your quote' })
  await expect(panel).toContainText('Quote 2 · This replaces the earlier quote.')
  await expect(panel.getByRole('row')).toHaveText([
    /Level the yard\s*1 job × ₹1,500\s*₹1,500/,
    /Sand\s*2 tractor loads × ₹3,500\s*₹7,000/,
    /Visit charge\s*₹200/,
    /Total\s*₹8,700/,
  ])
  await expect(panel).toContainText(`Proposed visit${worker.name}`)
  await expect(panel).toContainText('10:00–12:00')
  await expectAccessible(page, '/my/requests in English with quote 2 waiting')
  await card.screenshot({ path: path.join(SCREENS, 'quote-waiting-1280-en.png') })

  await panel.getByRole('button', { name: 'Accept quote of ₹8,700' }).click()
  const dialog = page.getByRole('dialog', { name: 'Accept quote 2?' })
  await expect(dialog).toContainText(`${worker.name} will be booked for`)
  await dialog.getByRole('button', { name: 'Yes, accept' }).click()
  await expect(card).toContainText(`You accepted quote 2. Your visit is booked: ${worker.name},`)
  await expect(card).toContainText(/You accepted quote 2 on .+, ₹8,700\./)
  // Booked at once: the task's worker and slot, and its charges are the quote's, line by line.
  await expect(card.locator('.requests-mine-card__badge')).toContainText('Assigned')
  const charges = card.getByRole('region', { name: 'Price' })
  await expect(charges).toContainText('₹200')
  await expect(charges).toContainText('Sand — 2 tractor loads')
  await expect(charges).toContainText('₹8,700')
  await expectAccessible(page, '/my/requests in English with quote 2 accepted and booked')
  await card.screenshot({ path: path.join(SCREENS, 'quote-accepted-1280-en.png') })

  // The accepted quote as a PDF to keep: named after the request and its version.
  const download = page.waitForEvent('download')
  await card.getByRole('link', { name: 'Download the quote (PDF)' }).click()
  expect((await download).suggestedFilename()).toBe(`${request.reference}-quote-v2.pdf`)

  const mine = await ok<MyRequestsResponse>(page.request.get('/api/my/requests'))
  const task = mine.requests.find((r) => r.id === request.id)?.task
  expect(task?.total_paise).toBe(second.total_paise)
  await operator.dispose()
})
