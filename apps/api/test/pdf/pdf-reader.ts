import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { chromium, type Browser, type Page } from 'playwright-core'
import { findBrowser } from '../../src/modules/invoices/invoices.service'

/**
 * Reads PDFs the way a person's viewer does, for tests: Mozilla's pdf.js, in the same Chromium,
 * draws a page to a canvas (a PNG) and lists its text. The comparison with a reviewed reference
 * image is done in the page as well, pixel by pixel (decision 062).
 */
export interface PdfReader {
  /** Page `pageNumber` (from 1) drawn at `scale` (1 = 72 dpi) as a PNG, and the text of every page. */
  read(pdf: Buffer, pageNumber?: number, scale?: number): Promise<{ png: Buffer; text: string; pages: number }>
  /**
   * The share of pixels (0–1) of two PNGs of one size that differ by more than `threshold` (0–255)
   * in any channel; 1 when the sizes differ. Also a PNG that shows the differing pixels in red.
   */
  compare(a: Buffer, b: Buffer, threshold?: number): Promise<{ ratio: number; diff: Buffer }>
  close(): Promise<void>
}

const ORIGIN = 'http://pdf-reader.test'

/** What pdf-reader.page.js leaves on the page's window. */
interface PageSide {
  pdfReader: {
    read(data: string, pageNumber: number, scale: number): Promise<unknown>
    compare(a: string, b: string, threshold: number): Promise<unknown>
  }
}

export async function openPdfReader(): Promise<PdfReader> {
  const executablePath = findBrowser(process.env.PDF_BROWSER_PATH ?? process.env.CHROMIUM_PATH)
  if (!executablePath) throw new Error('No Chromium to read PDFs with: install it (apt-get install chromium)')
  const require = createRequire(import.meta.url)
  const files: Record<string, { body: Buffer; type: string }> = {
    '/pdf.mjs': { body: readFileSync(require.resolve('pdfjs-dist/build/pdf.min.mjs')), type: 'text/javascript' },
    '/pdf.worker.mjs': {
      body: readFileSync(require.resolve('pdfjs-dist/build/pdf.worker.min.mjs')),
      type: 'text/javascript',
    },
    '/reader.mjs': { body: readFileSync(new URL('./pdf-reader.page.js', import.meta.url)), type: 'text/javascript' },
    '/': {
      body: Buffer.from('<!doctype html><title>reader</title><script type="module" src="/reader.mjs"></script>'),
      type: 'text/html',
    },
  }
  const browser: Browser = await chromium.launch({ executablePath })
  const page: Page = await browser.newPage()
  await page.route(`${ORIGIN}/**`, (route) => {
    const file = files[new URL(route.request().url()).pathname]
    return file ? route.fulfill({ body: file.body, contentType: file.type }) : route.abort()
  })
  await page.goto(`${ORIGIN}/`)
  await page.waitForFunction('window.pdfReader !== undefined')

  return {
    async read(pdf, pageNumber = 1, scale = 1.5) {
      const result = (await page.evaluate(
        ([data, n, z]) => (globalThis as unknown as PageSide).pdfReader.read(data, n, z),
        [pdf.toString('base64'), pageNumber, scale] as const,
      )) as { png: string; text: string; pages: number }
      return { png: Buffer.from(result.png, 'base64'), text: result.text, pages: result.pages }
    },
    async compare(a, b, threshold = 48) {
      const result = (await page.evaluate(
        ([x, y, limit]) => (globalThis as unknown as PageSide).pdfReader.compare(x, y, limit),
        [a.toString('base64'), b.toString('base64'), threshold] as const,
      )) as { ratio: number; diff: string }
      return { ratio: result.ratio, diff: Buffer.from(result.diff, 'base64') }
    },
    close: () => browser.close(),
  }
}
