import { existsSync } from 'node:fs'
import { chromium, type Browser } from 'playwright-core'
import { AppError } from '../../../shared/app-error'

/** Prints an HTML page (all of it inline: no address is ever fetched) to PDF bytes. */
export interface PdfPrinter {
  print(html: string): Promise<Buffer>
  /** Close the browser, if one is open (the server's close hook). */
  close(): Promise<void>
}

/** Where Chromium usually is on Debian and Ubuntu (apt's `chromium`), and Google Chrome. */
const KNOWN_BROWSERS = ['/usr/bin/chromium', '/usr/bin/chromium-browser', '/usr/bin/google-chrome']

/** The browser's path: PDF_BROWSER_PATH when set, else the first of the usual places that exists. */
export function findBrowser(configured: string | undefined): string | undefined {
  if (configured) return configured
  return KNOWN_BROWSERS.find((path) => existsSync(path))
}

export interface ChromiumPrinterOptions {
  executablePath: string | undefined
  /** Close the browser after this long without a document to print (it holds ~100 MB). */
  idleMs?: number
  /** Documents that may wait for the one being printed; more are refused at once with a 503. */
  maxWaiting?: number
}

const unavailable = (why: string) =>
  new AppError('SERVICE_UNAVAILABLE', `The PDF cannot be made right now (${why}). Please try again in a minute.`)

/**
 * Headless Chromium through playwright-core (decision 062): HarfBuzz shapes Telugu and Devanagari
 * exactly as the browser shows them, and the PDF carries the fonts' glyphs as real, selectable
 * text. One browser per API process, started on the first document and closed when idle; one page
 * is printed at a time (printing takes all of a core for ~0.5 s), the others wait in a short queue.
 * The page runs no script and every request it would make is refused: a document is our HTML with
 * every value escaped, and even so it can reach nothing.
 */
export function chromiumPrinter(options: ChromiumPrinterOptions): PdfPrinter {
  const idleMs = options.idleMs ?? 60_000
  const maxWaiting = options.maxWaiting ?? 8
  let browser: Promise<Browser> | undefined
  let idle: NodeJS.Timeout | undefined
  let chain: Promise<unknown> = Promise.resolve()
  let waiting = 0

  const launch = (): Promise<Browser> => {
    if (!options.executablePath) throw unavailable('no browser is installed on the server')
    if (!browser) {
      const started = chromium.launch({ executablePath: options.executablePath, args: ['--disable-gpu'] })
      browser = started
      started.then(
        (b) =>
          b.on('disconnected', () => {
            if (browser === started) browser = undefined
          }),
        () => {
          if (browser === started) browser = undefined
        },
      )
    }
    return browser
  }

  const closeBrowser = async (): Promise<void> => {
    const open = browser
    browser = undefined
    if (open) await (await open.catch(() => undefined))?.close().catch(() => undefined)
  }

  const printOne = async (html: string): Promise<Buffer> => {
    if (idle) clearTimeout(idle)
    let b: Browser
    try {
      b = await launch()
    } catch (error) {
      if (error instanceof AppError) throw error
      throw unavailable('the browser that prints it did not start')
    }
    const context = await b.newContext({ javaScriptEnabled: false, offline: true })
    try {
      await context.route('**/*', (route) => route.abort())
      const page = await context.newPage()
      await page.setContent(html, { waitUntil: 'load' })
      return await page.pdf({ format: 'A4', printBackground: true, preferCSSPageSize: true })
    } finally {
      await context.close().catch(() => undefined)
      idle = setTimeout(() => void closeBrowser(), idleMs)
      idle.unref()
    }
  }

  return {
    print(html) {
      if (waiting >= maxWaiting) return Promise.reject(unavailable('many documents are being made'))
      waiting += 1
      const result = chain.then(() => printOne(html))
      chain = result
        .catch(() => undefined)
        .finally(() => {
          waiting -= 1
        })
      return result
    },
    async close() {
      if (idle) clearTimeout(idle)
      await closeBrowser()
    },
  }
}

const shared = new Map<string, PdfPrinter>()

/**
 * The process's one printer for a browser path: receipts, invoices and quotes share one Chromium (it
 * holds ~100 MB) and its queue. Closing it (a server's close hook) only closes the browser: the next
 * document starts it again.
 */
export function sharedPrinter(executablePath: string | undefined): PdfPrinter {
  const key = executablePath ?? ''
  let printer = shared.get(key)
  if (!printer) {
    printer = chromiumPrinter({ executablePath })
    shared.set(key, printer)
  }
  return printer
}
