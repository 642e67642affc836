// Run by bench/invoice-pdf.mjs with tsx: prints the sample tax invoice (decision 062) with the API's
// own printer in each language, and writes the timings as JSON on stdout's last line.
import { chromiumPrinter, findBrowser } from '../apps/api/src/modules/invoices/pdf/printer.ts'
import { invoiceHtml } from '../apps/api/src/modules/invoices/pdf/template.ts'
import { SAMPLE_TAX_INVOICE } from '../apps/api/src/modules/invoices/pdf/testing/sample-invoice.ts'

const prints = Number(process.env.BENCH_PDF_PRINTS ?? 20)
const printer = chromiumPrinter({
  executablePath: findBrowser(process.env.PDF_BROWSER_PATH ?? process.env.CHROMIUM_PATH),
})
const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b)
  return Math.round(sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!)
}
try {
  let started = performance.now()
  await printer.print(invoiceHtml(SAMPLE_TAX_INVOICE, 'te'))
  const firstMs = Math.round(performance.now() - started)
  const languages = {} as Record<string, { medianMs: number; p95Ms: number; bytes: number }>
  for (const language of ['te', 'hi', 'en'] as const) {
    const times: number[] = []
    let bytes = 0
    for (let i = 0; i < prints; i++) {
      started = performance.now()
      bytes = (await printer.print(invoiceHtml(SAMPLE_TAX_INVOICE, language))).length
      times.push(performance.now() - started)
    }
    languages[language] = { medianMs: percentile(times, 50), p95Ms: percentile(times, 95), bytes }
  }
  // Four at once: the queue prints one at a time, so the last waits for three.
  started = performance.now()
  await Promise.all([0, 1, 2, 3].map(() => printer.print(invoiceHtml(SAMPLE_TAX_INVOICE, 'te'))))
  const fourAtOnceMs = Math.round(performance.now() - started)
  console.log(JSON.stringify({ prints, firstMs, languages, fourAtOnceMs }))
} finally {
  await printer.close()
}
