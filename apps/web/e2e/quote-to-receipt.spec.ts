import { readFileSync } from 'node:fs'
import { readFile } from 'node:fs/promises'
import path from 'node:path'
import type { MyRequestsResponse } from '@townworks/contract'
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs'
import { expect, expectAccessible, test } from './support/fixtures'
import { REPO_ROOT } from './support/paths'
import { customerWithRequest, SAND_TWO_LOADS, sendQuote } from './support/quotes'
import { hireWorker, indianDate, moveTask, ok } from './support/world'

/*
 * Issue 22, the whole chain on a phone in Telugu: the office quotes labour and sand with a slot, the
 * customer accepts it and the visit is booked at once, the work is done, the customer pays exactly the
 * quote in the sandbox checkout, and the receipt downloads as a PDF whose figures are the quote's.
 */

const te = (ns: string) =>
  JSON.parse(readFileSync(path.join(REPO_ROOT, `apps/web/src/locales/te/${ns}.json`), 'utf8')) as Record<
    string,
    Record<string, string>
  >
const myRequests = te('myRequests')
const requestActions = te('requestActions')
const payments = te('payments')

/** The text of every page of a PDF, as a reader copies it (pdf.js), without spaces between runs. */
async function pdfText(bytes: Buffer): Promise<string> {
  const doc = await getDocument({ data: new Uint8Array(bytes), useSystemFonts: false }).promise
  const texts: string[] = []
  for (let n = 1; n <= doc.numPages; n++) {
    const content = await (await doc.getPage(n)).getTextContent()
    texts.push(content.items.map((item) => ('str' in item ? item.str : '')).join(''))
  }
  return texts.join('\n').replace(/\s+/g, '')
}

test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true })

test('quoted labour and sand, accepted in Telugu, booked, done, paid exactly, and the receipt PDF says so', async ({
  page,
}, testInfo) => {
  const { operator, request } = await customerWithRequest(page, testInfo, {
    language: 'te',
    service: 'Plumber',
    inDays: 9,
  })
  const worker = await hireWorker(operator, testInfo, { service: 'Plumber', town: 'Armoor', name: 'Plumber' })
  const quote = await sendQuote(
    operator,
    request.id,
    [
      { kind: 'labour', description: 'Lay the drain pipe', unit: 'job', quantity: 1, unit_price_paise: 45_000 },
      SAND_TWO_LOADS,
    ],
    { slot: { worker_id: worker.id, date: indianDate(9), start_time: '09:00', end_time: '11:00' } },
  )
  expect(quote.total_paise).toBe(745_000)

  // The customer, in Telugu on a phone, accepts: the visit is booked at once.
  await page.goto('/my/requests')
  const card = page.getByRole('article').filter({ hasText: request.reference })
  await card.getByRole('button', { name: '₹7,450 కొటేషన్‌ను అంగీకరించండి' }).tap()
  await page.getByRole('dialog').getByRole('button', { name: 'అవును, అంగీకరిస్తున్నాను' }).tap()
  await expect(card).toContainText(worker.name)
  const mine = await ok<MyRequestsResponse>(page.request.get('/api/my/requests'))
  const task = mine.requests.find((r) => r.id === request.id)?.task
  expect(task?.status).toBe('assigned')
  expect(task?.total_paise).toBe(745_000)

  // The work is done; the customer confirms it and pays exactly the quote.
  await moveTask(operator, task!.id, ['work_inprogress', 'work_completed'])
  await page.reload()
  await card.getByRole('button', { name: myRequests.action!.payment_pending! }).tap()
  await page.getByRole('dialog').getByRole('button', { name: requestActions.confirm!.yes! }).tap()
  const pay = card.getByRole('button', { name: payments.pay!.button!.replace('{{amount}}', '₹7,450') })
  await pay.tap()
  await expect(page).toHaveURL(/\/pay\/sandbox\?order=order_sbx/)
  await page.getByRole('button', { name: payments.sandbox!.approve! }).tap()
  await page.getByRole('link', { name: payments.sandbox!.back! }).tap()

  // The receipt: a link in Telugu on the card, a PDF named after its number, the quote's figures inside.
  const receipt = card.getByRole('link', { name: /^రసీదు RC\/\d{2}-\d{2}\/\d{6} డౌన్‌లోడ్ చేయండి \(PDF\)$/ })
  await expect(receipt).toBeVisible()
  await expectAccessible(page, '/my/requests in Telugu, paid, with its receipt')
  const [download] = await Promise.all([page.waitForEvent('download'), receipt.tap()])
  expect(download.suggestedFilename()).toMatch(/^RC-\d{2}-\d{2}-\d{6}\.pdf$/)
  const text = await pdfText(await readFile((await download.path())!))
  const number = download.suggestedFilename().replace(/^RC-(\d\d)-(\d\d)-(\d{6})\.pdf$/, 'RC/$1-$2/$3')
  expect(text).toContain(number)
  expect(text).toContain('Receipt')
  expect(text).toContain('Laythedrainpipe')
  expect(text).toContain('tractorload')
  expect(text).toContain('₹450.00')
  expect(text).toContain('₹7,000.00')
  expect(text).toContain('₹7,450.00')
  expect(text).toContain('RupeesSevenThousandFourHundredFiftyOnly')
  await page.screenshot({ path: path.join(REPO_ROOT, 'test-results/screens/receipt-390-te.png'), fullPage: true })
  await operator.dispose()
})
