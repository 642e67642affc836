import { QuoteResponseSchema, quoteFileName, requestReference } from '@townworks/contract'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { bearer, loginAs, type Session } from '../../../../test/auth-helpers'
import { officeCast, type OfficeCast } from '../../../../test/fixtures'
import { freshAddress } from '../../../../test/otp-helpers'
import { createTestApp, type TestApp } from '../../../../test/test-app'
import { addDays, todayInIndia } from '../../../shared/dates'
import { openPdfReader, type PdfReader } from '../../../../test/pdf/pdf-reader'
import * as rateLimits from '../../rate-limits/rate-limits.service'
import { forgetPrintedQuotes, QUOTE_PRINT_LIMIT } from './quote-pdf.service'

// A quote as a PDF to keep or show a relative (issue 22), printed by the invoices' Chromium and read
// back with pdf.js.

let t: TestApp
let cast: OfficeCast
let stranger: Session
let reader: PdfReader
let quoteId: number
let requestId: number

/** The text without spaces: pdf.js returns a run per font, so "₹" and "7,000.00" may come apart. */
const squeezed = (text: string) => text.replace(/\s+/g, '')

beforeAll(async () => {
  t = await createTestApp()
  cast = await officeCast(t)
  stranger = await loginAs(t, 'customer')
  reader = await openPdfReader()
  const asked = await t.app.inject({
    method: 'POST',
    url: '/api/servicerequest',
    remoteAddress: freshAddress(),
    headers: bearer(cast.customer),
    payload: {
      name: 'Asha <b>Rani</b>',
      phone: '98480 12345',
      service: 'Brick Worker',
      service_date: addDays(todayInIndia(), 5),
      town: 'Armoor',
    },
  })
  expect(asked.statusCode, asked.body).toBe(201)
  requestId = (asked.json() as { id: number }).id
  const sent = await t.app.inject({
    method: 'POST',
    url: `/api/requests/${requestId}/quotes`,
    headers: bearer(cast.operator),
    payload: {
      valid_until: addDays(todayInIndia(), 7),
      note: 'Sand from the Godavari; <script>nothing</script> runs',
      visit_charge_paise: 20_000,
      lines: [
        { kind: 'labour', description: 'Build the wall', unit: 'job', quantity: 1, unit_price_paise: 150_000 },
        {
          kind: 'material',
          description: 'River sand',
          service: 'Sand Services',
          unit: 'tractor_load',
          quantity: 2,
          unit_price_paise: 350_000,
        },
      ],
    },
  })
  expect(sent.statusCode, sent.body).toBe(201)
  quoteId = QuoteResponseSchema.parse(sent.json()).quote.id
}, 60_000)
afterAll(async () => {
  await reader?.close()
  await t?.close()
})

const pdfOf = (who: Session | null, id = quoteId, lang = 'te') =>
  t.app.inject({ method: 'GET', url: `/api/quotes/${id}/pdf?lang=${lang}`, headers: who ? bearer(who) : {} })

describe('GET /api/quotes/{id}/pdf', () => {
  it('the request’s customer downloads the quote in Telugu with English beside: lines, units, total, the note as text', async () => {
    const res = await pdfOf(cast.customer)
    expect(res.statusCode, res.body).toBe(200)
    expect(res.headers['content-type']).toBe('application/pdf')
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="${quoteFileName(requestReference(requestId), 1)}"`,
    )
    const { text, pages } = await reader.read(res.rawPayload)
    expect(pages).toBe(1)
    const flat = squeezed(text)
    // (pdf.js gives Telugu conjuncts back in pieces: the words checked here are ones it keeps whole.)
    for (const words of ['కొటేషన్', 'Quotation', requestReference(requestId), 'పని', 'job', 'tractor load', 'Armoor']) {
      expect(flat).toContain(squeezed(words))
    }
    // Two loads at ₹3,500, the labour, the visit charge, and the total ₹8,700.
    for (const amount of ['₹7,000.00', '₹1,500.00', '₹200.00', '₹8,700.00']) expect(flat).toContain(amount)
    // What a person typed prints as text: markup neither renders nor runs.
    expect(flat).toContain(squeezed('Asha <b>Rani</b>'))
    expect(flat).toContain(squeezed('<script>nothing</script> runs'))
  })

  it('the office downloads it in English; another customer is told there is no such quote, a worker may not', async () => {
    const office = await pdfOf(cast.operator, quoteId, 'en')
    expect(office.statusCode, office.body).toBe(200)
    const { text } = await reader.read(office.rawPayload)
    expect(squeezed(text)).toContain('Quotation')
    expect(squeezed(text)).not.toContain('కొటేషన్')

    expect((await pdfOf(stranger)).statusCode).toBe(404)
    expect((await pdfOf(cast.worker)).statusCode).toBe(403)
    expect((await pdfOf(null)).statusCode).toBe(401)
    expect((await pdfOf(cast.customer, 999_999)).statusCode).toBe(404)
    expect((await pdfOf(cast.customer, quoteId, 'fr')).statusCode).toBe(400)
  })

  it('fresh prints are limited per person; one printed lately comes again without counting', async () => {
    forgetPrintedQuotes()
    const admin = cast.admin
    const first = await pdfOf(admin, quoteId, 'hi')
    expect(first.statusCode, first.body).toBe(200)
    // The same page again is sent from memory: it never counts against the limit.
    for (let i = 0; i < QUOTE_PRINT_LIMIT.max + 2; i++) expect((await pdfOf(admin, quoteId, 'hi')).statusCode).toBe(200)
    // 28 more fresh prints counted (as if printed), then the 30th is printed and the 31st refused.
    for (let i = 2; i < QUOTE_PRINT_LIMIT.max; i++) {
      await rateLimits.consume(t.database.db, { key: `quote-pdf|${admin.user.id}`, ...QUOTE_PRINT_LIMIT })
    }
    forgetPrintedQuotes()
    expect((await pdfOf(admin, quoteId, 'hi')).statusCode).toBe(200)
    forgetPrintedQuotes()
    const refused = await pdfOf(admin, quoteId, 'hi')
    expect(refused.statusCode, refused.body).toBe(429)
    expect(refused.headers['retry-after']).toBeDefined()
  }, 60_000)
})
