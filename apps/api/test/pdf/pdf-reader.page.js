/* global document, window, createImageBitmap */
// The page side of pdf-reader.ts, run in Chromium: pdf.js draws a PDF's page to a canvas and lists
// its text; two PNGs are compared pixel by pixel. Plain JavaScript, served to the page as a module.
import * as pdfjs from '/pdf.mjs'

pdfjs.GlobalWorkerOptions.workerSrc = '/pdf.worker.mjs'

const base64ToBytes = (data) => Uint8Array.from(atob(data), (c) => c.charCodeAt(0))

async function read(data, pageNumber, scale) {
  const doc = await pdfjs.getDocument({ data: base64ToBytes(data) }).promise
  const texts = []
  for (let n = 1; n <= doc.numPages; n++) {
    const content = await (await doc.getPage(n)).getTextContent()
    texts.push(content.items.map((item) => item.str ?? '').join(' '))
  }
  const page = await doc.getPage(pageNumber)
  const viewport = page.getViewport({ scale })
  const canvas = document.createElement('canvas')
  canvas.width = Math.floor(viewport.width)
  canvas.height = Math.floor(viewport.height)
  const context = canvas.getContext('2d')
  context.fillStyle = '#fff'
  context.fillRect(0, 0, canvas.width, canvas.height)
  await page.render({ canvasContext: context, viewport }).promise
  return { png: canvas.toDataURL('image/png').split(',')[1], text: texts.join('\n'), pages: doc.numPages }
}

async function load(data) {
  const bitmap = await createImageBitmap(new Blob([base64ToBytes(data)], { type: 'image/png' }))
  const canvas = document.createElement('canvas')
  canvas.width = bitmap.width
  canvas.height = bitmap.height
  const context = canvas.getContext('2d')
  context.drawImage(bitmap, 0, 0)
  return { canvas, context, pixels: context.getImageData(0, 0, bitmap.width, bitmap.height) }
}

async function compare(a, b, threshold) {
  const [x, y] = [await load(a), await load(b)]
  if (x.canvas.width !== y.canvas.width || x.canvas.height !== y.canvas.height) return { ratio: 1, diff: a }
  const out = x.context.createImageData(x.canvas.width, x.canvas.height)
  let differing = 0
  for (let i = 0; i < x.pixels.data.length; i += 4) {
    let worst = 0
    for (let c = 0; c < 3; c++) worst = Math.max(worst, Math.abs(x.pixels.data[i + c] - y.pixels.data[i + c]))
    const differs = worst > threshold
    if (differs) differing++
    out.data.set(differs ? [255, 0, 0, 255] : [230, 230, 230, 255], i)
  }
  x.context.putImageData(out, 0, 0)
  return { ratio: differing / (x.canvas.width * x.canvas.height), diff: x.canvas.toDataURL('image/png').split(',')[1] }
}

window.pdfReader = { read, compare }
