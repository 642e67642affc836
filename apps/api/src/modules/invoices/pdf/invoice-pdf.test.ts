import {
  invoiceFileName,
  MyRequestsResponseSchema,
  QUOTE_UNIT_WORDS_EN,
  type Invoice,
  type Language,
} from '@townworks/contract'
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { bearer } from '../../../../test/auth-helpers'
import { createTestApp, type TestApp } from '../../../../test/test-app'
import { testClock } from '../../../../test/otp-helpers'
import { key, payManually, pendingTask, people, type People } from '../../../../test/payment-flow'
import type { Ctx } from '../../../shared/context'
import { forgetPrintedDocuments, invoicePdf, PDF_PRINT_LIMIT } from './invoice-pdf.service'
import { chromiumPrinter, findBrowser, type PdfPrinter } from './printer'
import { PDF_LABELS } from './labels'
import { escapeHtml, invoiceHtml } from './template'
import { openPdfReader, type PdfReader } from '../../../../test/pdf/pdf-reader'
import { SAMPLE_TAX_INVOICE } from './testing/sample-invoice'

// Receipts and invoices as PDFs (issue 22, decision 062): printed by headless Chromium, read back
// with pdf.js, Telugu and Hindi compared with reviewed reference images.

const REFERENCE = (name: string) => fileURLToPath(new URL(`./__reference__/${name}.png`, import.meta.url))
/** Where a failed comparison leaves the page it made and the differing pixels, to look at. */
const OUT = fileURLToPath(new URL('../../../../../../test-results/invoice-pdf/', import.meta.url))
/** Pixels that may differ from the reference (anti-aliasing of another Chromium build), as a share of the page. */
const TOLERANCE = 0.0005

let printer: PdfPrinter
let reader: PdfReader

beforeAll(async () => {
  printer = chromiumPrinter({ executablePath: findBrowser(process.env.PDF_BROWSER_PATH ?? process.env.CHROMIUM_PATH) })
  reader = await openPdfReader()
})
afterAll(async () => {
  await printer.close()
  await reader.close()
})

async function pageOf(invoice: Invoice, language: Language) {
  return reader.read(await printer.print(invoiceHtml(invoice, language)))
}

/** The text without spaces: pdf.js returns a run per font, so "₹" and "381.36" may come apart. */
const squeezed = (text: string) => text.replace(/\s+/g, '')

/** Compares a page with its reviewed reference; UPDATE_REFERENCE=1 writes the reference instead (then look at it). */
async function expectLikeReference(png: Buffer, name: string): Promise<number> {
  if (process.env.UPDATE_REFERENCE === '1' || !existsSync(REFERENCE(name))) {
    expect(
      process.env.UPDATE_REFERENCE,
      `no reference image ${name}.png: make it with UPDATE_REFERENCE=1 and look at it`,
    ).toBe('1')
    writeFileSync(REFERENCE(name), png)
    return 0
  }
  const { ratio, diff } = await reader.compare(png, readFileSync(REFERENCE(name)))
  if (ratio > TOLERANCE) {
    mkdirSync(OUT, { recursive: true })
    writeFileSync(`${OUT}${name}.png`, png)
    writeFileSync(`${OUT}${name}-diff.png`, diff)
  }
  return ratio
}

describe('the printed page: Telugu and Hindi as a reader sees them', () => {
  it.each(['te', 'hi'] as const)(
    'a tax invoice in %s matches its reviewed reference image: joined letters and vowel signs, not boxes',
    async (language) => {
      const page = await pageOf(SAMPLE_TAX_INVOICE, language)
      expect(page.pages).toBe(1)
      expect(await expectLikeReference(page.png, `tax-invoice-${language}`)).toBeLessThanOrEqual(TOLERANCE)
    },
  )

  it('the same page with its Telugu letters kept from joining (a shaper that fails) does not match', async () => {
    // A zero-width non-joiner between letters is what a font without Telugu shaping would show:
    // consonants apart, vowel signs as separate marks. The comparison must see it.
    const unjoin = (s: string) => s.replace(/([\u0C00-\u0C7F])(?=[\u0C00-\u0C7F])/g, '$1\u200C')
    const broken: Invoice = {
      ...SAMPLE_TAX_INVOICE,
      customer: { ...SAMPLE_TAX_INVOICE.customer, name: unjoin(SAMPLE_TAX_INVOICE.customer.name) },
      lines: SAMPLE_TAX_INVOICE.lines.map((l) => ({ ...l, description: unjoin(l.description) })),
    }
    const page = await pageOf(broken, 'te')
    const { ratio } = await reader.compare(page.png, readFileSync(REFERENCE('tax-invoice-te')))
    expect(ratio).toBeGreaterThan(TOLERANCE * 4)
  })

  it('the figures are text a reader can copy: number, date, each tax and the totals, in figures and in words', async () => {
    const { text } = await pageOf(SAMPLE_TAX_INVOICE, 'en')
    for (const expected of [
      'Tax invoice',
      'TW/26-27/000017',
      '20 Nov 2026',
      '36AABCT1332L1ZF',
      '995462',
      '₹381.36',
      '₹34.32',
      '₹4,661.02',
      '₹419.49',
      '₹5,500.00',
      'Rupees Five Thousand Five Hundred Only',
      'Telangana (36)',
    ]) {
      expect(squeezed(text)).toContain(squeezed(expected))
    }
    expect(text).not.toContain('IGST')
  })

  it('an inter-state invoice has an IGST column and no CGST or SGST', async () => {
    const interState: Invoice = {
      ...SAMPLE_TAX_INVOICE,
      supplier: { ...SAMPLE_TAX_INVOICE.supplier, gstin: '29AABCT1332L1ZA', state_code: '29', state_name: 'Karnataka' },
      lines: SAMPLE_TAX_INVOICE.lines.map((l) => ({
        ...l,
        igst_paise: l.cgst_paise + l.sgst_paise,
        cgst_paise: 0,
        sgst_paise: 0,
      })),
      igst_paise: 83_898,
      cgst_paise: 0,
      sgst_paise: 0,
    }
    const { text } = await pageOf(interState, 'en')
    expect(text).toContain('IGST')
    expect(squeezed(text)).toContain('₹838.98')
    expect(text).not.toContain('CGST')
  })

  it('every unit a document can carry has its words in Telugu and Hindi', () => {
    const stored = ['job', 'lot', 'item', ...Object.values(QUOTE_UNIT_WORDS_EN).map(([one]) => one)]
    for (const language of ['te', 'hi'] as const) {
      expect(stored.filter((unit) => !PDF_LABELS[language].units[unit])).toEqual([])
    }
  })

  it('whatever a customer typed is printed as text, never as markup', () => {
    const html = invoiceHtml(
      { ...SAMPLE_TAX_INVOICE, customer: { ...SAMPLE_TAX_INVOICE.customer, name: '<img src=x onerror=alert(1)>' } },
      'en',
    )
    expect(html).not.toContain('<img src=x')
    expect(html).toContain(escapeHtml('<img src=x onerror=alert(1)>'))
  })
})

describe('GET /api/invoices/{id}/pdf', () => {
  let t: TestApp
  let p: People
  let invoiceId: number
  let number: string

  beforeAll(async () => {
    t = await createTestApp({}, { now: testClock(new Date('2026-11-20T10:00:00+05:30')).now })
    p = await people(t)
    const taskId = await pendingTask(t, {
      customerUserId: p.customer.user.id,
      workerId: p.workerId,
      pricePaise: 45_000,
    })
    const paid = await payManually(t, p.operator, taskId, 45_000, key())
    expect(paid.statusCode, paid.body).toBe(200)
    const listed = await t.app.inject({ method: 'GET', url: '/api/my/requests', headers: bearer(p.customer) })
    expect(listed.statusCode, listed.body).toBe(200)
    const mine = MyRequestsResponseSchema.parse(listed.json())
    const documents = mine.requests.flatMap((r) => r.task?.invoices ?? [])
    expect(documents).toHaveLength(1)
    invoiceId = documents[0]!.id
    number = documents[0]!.number
    expect(documents[0]).toMatchObject({ kind: 'receipt', total_paise: 45_000 })
  })
  afterAll(() => t.close())

  it("the request's customer downloads the receipt in Telugu as a PDF named after its number", async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/invoices/${invoiceId}/pdf?lang=te`,
      headers: bearer(p.customer),
    })
    expect(res.statusCode, res.body).toBe(200)
    expect(res.headers['content-type']).toBe('application/pdf')
    expect(res.headers['content-disposition']).toBe(`attachment; filename="${invoiceFileName(number)}"`)
    expect(res.rawPayload.subarray(0, 5).toString()).toBe('%PDF-')
    const { text } = await reader.read(res.rawPayload)
    expect(text).toContain(number)
    expect(squeezed(text)).toContain('₹450.00')
    expect(squeezed(text)).toContain(squeezed('Rupees Four Hundred Fifty Only'))
  })

  it('the office downloads it too; another customer gets 404, a worker 403, an unknown document 404', async () => {
    const asOffice = await t.app.inject({
      method: 'GET',
      url: `/api/invoices/${invoiceId}/pdf`,
      headers: bearer(p.operator),
    })
    expect(asOffice.statusCode).toBe(200)
    const asOther = await t.app.inject({
      method: 'GET',
      url: `/api/invoices/${invoiceId}/pdf`,
      headers: bearer(p.otherCustomer),
    })
    expect(asOther.statusCode).toBe(404)
    const asWorker = await t.app.inject({
      method: 'GET',
      url: `/api/invoices/${invoiceId}/pdf`,
      headers: bearer(p.workerSession),
    })
    expect(asWorker.statusCode).toBe(403)
    const unknown = await t.app.inject({ method: 'GET', url: '/api/invoices/999999/pdf', headers: bearer(p.customer) })
    expect(unknown.statusCode).toBe(404)
    const anonymous = await t.app.inject({ method: 'GET', url: `/api/invoices/${invoiceId}/pdf` })
    expect(anonymous.statusCode).toBe(401)
  })

  it('a language the app does not speak is a 400 in words', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/invoices/${invoiceId}/pdf?lang=fr`,
      headers: bearer(p.customer),
    })
    expect(res.statusCode).toBe(400)
    expect(res.json()).toMatchObject({ code: 'VALIDATION_FAILED' })
  })

  it('fresh prints are limited per person (counted in the database, so across processes); a printed one is sent again from the cache', async () => {
    const office = {
      database: t.database,
      user: { id: p.admin.user.id, username: p.admin.user.username, role: 'admin' },
      messaging: t.app.messaging,
    } as Ctx
    let printed = 0
    const counting: PdfPrinter = {
      print: async () => {
        printed++
        return Buffer.from('%PDF-1.4 test')
      },
      close: async () => {},
    }
    for (let i = 0; i < PDF_PRINT_LIMIT.max; i++) {
      forgetPrintedDocuments()
      await invoicePdf(office, counting, invoiceId, 'hi')
    }
    expect(printed).toBe(PDF_PRINT_LIMIT.max)
    await expect(invoicePdf(office, counting, invoiceId, 'hi')).resolves.toMatchObject({
      fileName: invoiceFileName(number),
    })
    expect(printed).toBe(PDF_PRINT_LIMIT.max)
    forgetPrintedDocuments()
    await expect(invoicePdf(office, counting, invoiceId, 'hi')).rejects.toMatchObject({ code: 'TOO_MANY_ATTEMPTS' })
    expect(printed).toBe(PDF_PRINT_LIMIT.max)
  })
})
