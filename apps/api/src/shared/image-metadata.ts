import type { PhotoType } from '@townworks/contract'

// What a camera writes beside the picture (decision 057): Exif (with the GPS position where the photo
// was taken, the phone's make and serial number, the time), XMP, comments, text chunks. A photo of the
// work keeps only what draws the picture: its image data, its colour profile and, for a JPEG, which
// way up it is. Byte-level, no decoder: each format's segments or chunks are walked, the metadata ones
// left out and the rest copied as they are, so the picture itself is not touched (not re-encoded).

/** An image with its metadata removed, and its size in pixels as its header says (as it is shown). */
export interface CleanImage {
  bytes: Buffer
  width: number | null
  height: number | null
}

/**
 * `bytes` without their metadata; undefined when they are not a whole image of `type` (cut short, a
 * segment or chunk running past the end, no image data): the caller answers 415.
 */
export function stripImageMetadata(type: PhotoType, bytes: Buffer): CleanImage | undefined {
  try {
    if (type === 'image/jpeg') return stripJpeg(bytes)
    if (type === 'image/png') return stripPng(bytes)
    return stripWebp(bytes)
  } catch (error) {
    if (error instanceof BrokenImage) return undefined
    throw error
  }
}

class BrokenImage extends Error {}

function need(condition: boolean): asserts condition {
  if (!condition) throw new BrokenImage()
}

// ---------------------------------------------------------------------------------------------- JPEG

const SOI = 0xd8
const EOI = 0xd9
const SOS = 0xda
const APP0 = 0xe0
const APP1 = 0xe1
const APP2 = 0xe2
const APP14 = 0xee
const COM = 0xfe

/** Start-of-frame markers (the frame header gives the size); not DHT (C4), JPG (C8) or DAC (CC). */
const isSof = (m: number) => m >= 0xc0 && m <= 0xcf && m !== 0xc4 && m !== 0xc8 && m !== 0xcc
/** Markers without a length: TEM and the restart markers. */
const isStandalone = (m: number) => m === 0x01 || (m >= 0xd0 && m <= 0xd7)

const startsWith = (payload: Buffer, text: string) =>
  payload.length >= text.length && payload.toString('latin1', 0, text.length) === text

/**
 * Which JPEG segments stay: APP0 (JFIF), the ICC colour profile (APP2 "ICC_PROFILE"), Adobe's APP14
 * (it says how the colours are coded: without it an Adobe CMYK or RGB JPEG decodes in wrong colours)
 * and every segment that is not an application segment or a comment (tables, frame, scans).
 */
function keepsJpegSegment(marker: number, payload: Buffer): boolean {
  if (marker === APP0) return true
  if (marker === APP2) return startsWith(payload, 'ICC_PROFILE\0')
  if (marker === APP14) return startsWith(payload, 'Adobe')
  if (marker >= APP1 && marker <= 0xef) return false
  return marker !== COM
}

/**
 * A JPEG's segments up to the end of its image (EOI), without Exif, XMP, other application data and
 * comments, and nothing after EOI (a "motion photo" hides a video there). The entropy-coded data of
 * each scan is copied as it is. A photo the Exif said to turn gets a minimal Exif of that one tag, so
 * it still shows the right way up.
 */
function stripJpeg(b: Buffer): CleanImage {
  need(b.length >= 4 && b[0] === 0xff && b[1] === SOI)
  const parts: Buffer[] = []
  let orientation: number | undefined
  let width: number | null = null
  let height: number | null = null
  let sawFrame = false
  let sawScan = false
  let i = 2
  let inScan = false
  for (;;) {
    if (inScan) {
      // Entropy-coded data runs to the next marker: 0xFF followed by neither a stuffed 0x00, a
      // restart marker nor another 0xFF (fill).
      let k = b.indexOf(0xff, i)
      while (k !== -1 && k + 1 < b.length) {
        const next = b[k + 1]!
        if (next === 0x00 || (next >= 0xd0 && next <= 0xd7)) k = b.indexOf(0xff, k + 2)
        else if (next === 0xff) k += 1
        else break
      }
      need(k !== -1 && k + 1 < b.length)
      parts.push(b.subarray(i, k))
      i = k
      inScan = false
    }
    need(i + 1 < b.length && b[i] === 0xff)
    // Fill bytes before a marker are left out.
    while (i + 1 < b.length && b[i + 1] === 0xff) i++
    need(i + 1 < b.length)
    const marker = b[i + 1]!
    if (marker === EOI) {
      parts.push(b.subarray(i, i + 2))
      break
    }
    need(marker !== SOI && marker !== 0x00)
    if (isStandalone(marker)) {
      parts.push(b.subarray(i, i + 2))
      i += 2
      continue
    }
    need(i + 4 <= b.length)
    const length = b.readUInt16BE(i + 2)
    const end = i + 2 + length
    need(length >= 2 && end <= b.length)
    const payload = b.subarray(i + 4, end)
    if (marker === APP1 && startsWith(payload, 'Exif\0\0')) orientation ??= exifOrientation(payload.subarray(6))
    if (isSof(marker)) {
      need(payload.length >= 6)
      height = payload.readUInt16BE(1)
      width = payload.readUInt16BE(3)
      sawFrame = true
    }
    if (keepsJpegSegment(marker, payload)) parts.push(b.subarray(i, end))
    i = end
    if (marker === SOS) {
      need(sawFrame)
      sawScan = true
      inScan = true
    }
  }
  need(sawScan)
  if (orientation !== undefined && orientation >= 2 && orientation <= 8) {
    // After JFIF's APP0 (which must come first), else right after SOI.
    const at = parts[0] !== undefined && parts[0][1] === APP0 ? 1 : 0
    parts.splice(at, 0, orientationExif(orientation))
  }
  const turned = orientation !== undefined && orientation >= 5 && orientation <= 8
  return {
    bytes: Buffer.concat([b.subarray(0, 2), ...parts]),
    width: turned ? height : width,
    height: turned ? width : height,
  }
}

/** The Orientation tag (0x0112) of an Exif block's first IFD (TIFF after "Exif\0\0"); undefined when unreadable. */
export function exifOrientation(tiff: Buffer): number | undefined {
  if (tiff.length < 8) return undefined
  const order = tiff.toString('latin1', 0, 2)
  if (order !== 'II' && order !== 'MM') return undefined
  const le = order === 'II'
  const u16 = (at: number) => (le ? tiff.readUInt16LE(at) : tiff.readUInt16BE(at))
  const u32 = (at: number) => (le ? tiff.readUInt32LE(at) : tiff.readUInt32BE(at))
  if (u16(2) !== 42) return undefined
  const ifd = u32(4)
  if (ifd + 2 > tiff.length) return undefined
  const count = u16(ifd)
  for (let n = 0; n < count; n++) {
    const entry = ifd + 2 + n * 12
    if (entry + 12 > tiff.length) return undefined
    // SHORT (type 3), one value: in the first two bytes of the value field.
    if (u16(entry) === 0x0112 && u16(entry + 2) === 3 && u32(entry + 4) === 1) return u16(entry + 8)
  }
  return undefined
}

/** An APP1 segment holding only Exif's Orientation tag (big-endian TIFF, one IFD, one entry). */
export function orientationExif(orientation: number): Buffer {
  const segment = Buffer.alloc(36)
  segment.writeUInt16BE(0xffe1, 0)
  segment.writeUInt16BE(34, 2) // the length counts itself, not the marker
  segment.write('Exif\0\0', 4, 'latin1')
  segment.write('MM', 10, 'latin1')
  segment.writeUInt16BE(42, 12)
  segment.writeUInt32BE(8, 14) // the IFD right after the TIFF header
  segment.writeUInt16BE(1, 18) // one entry
  segment.writeUInt16BE(0x0112, 20)
  segment.writeUInt16BE(3, 22) // SHORT
  segment.writeUInt32BE(1, 24)
  segment.writeUInt16BE(orientation, 28)
  segment.writeUInt32BE(0, 32) // no next IFD
  return segment
}

// ----------------------------------------------------------------------------------------------- PNG

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])

/**
 * The ancillary PNG chunks that draw the picture (transparency, colour, gamma, pixel size, animation):
 * kept. Every other ancillary chunk is left out: text (tEXt, zTXt, iTXt), Exif (eXIf), time, and any
 * private chunk. Critical chunks (IHDR, PLTE, IDAT, IEND) are kept; an unknown one is no image we read.
 */
const PNG_KEPT = new Set([
  'tRNS',
  'cHRM',
  'gAMA',
  'iCCP',
  'sBIT',
  'sRGB',
  'cICP',
  'mDCV',
  'cLLI',
  'bKGD',
  'hIST',
  'pHYs',
  'sPLT',
  'acTL',
  'fcTL',
  'fdAT',
])
const PNG_CRITICAL = new Set(['IHDR', 'PLTE', 'IDAT', 'IEND'])

function stripPng(b: Buffer): CleanImage {
  need(b.length >= 8 + 25 && b.subarray(0, 8).equals(PNG_SIGNATURE))
  const parts: Buffer[] = [b.subarray(0, 8)]
  let i = 8
  let first = true
  let sawData = false
  let width: number | null = null
  let height: number | null = null
  for (;;) {
    need(i + 12 <= b.length)
    const length = b.readUInt32BE(i)
    const type = b.toString('latin1', i + 4, i + 8)
    const end = i + 12 + length
    need(/^[A-Za-z]{4}$/.test(type) && length < 0x80000000 && end <= b.length)
    if (first) {
      need(type === 'IHDR' && length === 13)
      width = b.readUInt32BE(i + 8)
      height = b.readUInt32BE(i + 12)
      first = false
    }
    // A critical chunk has an upper-case first letter.
    const critical = type.charCodeAt(0) < 0x61
    need(!critical || PNG_CRITICAL.has(type))
    if (type === 'IDAT') sawData = true
    if (critical || PNG_KEPT.has(type)) parts.push(b.subarray(i, end))
    i = end
    if (type === 'IEND') break
  }
  need(sawData)
  return { bytes: Buffer.concat(parts), width, height }
}

// ---------------------------------------------------------------------------------------------- WebP

/** The WebP chunks that draw the picture; EXIF, "XMP " and unknown chunks are left out. */
const WEBP_KEPT = new Set(['VP8 ', 'VP8L', 'VP8X', 'ALPH', 'ANIM', 'ANMF', 'ICCP'])
/** VP8X's flags: Exif and XMP present; cleared with their chunks. */
const VP8X_EXIF = 0x08
const VP8X_XMP = 0x04

function stripWebp(b: Buffer): CleanImage {
  need(b.length >= 20 && b.toString('latin1', 0, 4) === 'RIFF' && b.toString('latin1', 8, 12) === 'WEBP')
  const riffEnd = 8 + b.readUInt32LE(4)
  need(riffEnd <= b.length)
  const chunks: Buffer[] = []
  let width: number | null = null
  let height: number | null = null
  let sawImage = false
  let i = 12
  while (i < riffEnd) {
    need(i + 8 <= riffEnd)
    const fourcc = b.toString('latin1', i, i + 4)
    const size = b.readUInt32LE(i + 4)
    const end = i + 8 + size
    need(end <= riffEnd)
    const payload = b.subarray(i + 8, end)
    // A chunk of odd size is followed by one byte of padding (which the end of the file may lack).
    const padded = Math.min(end + (size % 2), riffEnd)
    if (WEBP_KEPT.has(fourcc)) {
      // A copy (its padding added when the file lacked it): VP8X's flags are changed in it.
      const chunk = Buffer.concat([b.subarray(i, padded), Buffer.alloc(end + (size % 2) - padded)])
      chunks.push(chunk)
      if (fourcc === 'VP8X') {
        need(size >= 10)
        chunk[8] = chunk[8]! & ~(VP8X_EXIF | VP8X_XMP)
        width = 1 + payload.readUIntLE(4, 3)
        height = 1 + payload.readUIntLE(7, 3)
      } else if (fourcc === 'VP8 ') {
        need(size >= 10 && payload[3] === 0x9d && payload[4] === 0x01 && payload[5] === 0x2a)
        width ??= payload.readUInt16LE(6) & 0x3fff
        height ??= payload.readUInt16LE(8) & 0x3fff
        sawImage = true
      } else if (fourcc === 'VP8L') {
        need(size >= 5 && payload[0] === 0x2f)
        const bits = payload.readUInt32LE(1)
        width ??= (bits & 0x3fff) + 1
        height ??= ((bits >>> 14) & 0x3fff) + 1
        sawImage = true
      } else if (fourcc === 'ANMF') {
        sawImage = true
      }
    }
    i = padded
  }
  need(sawImage)
  const body = Buffer.concat(chunks)
  const header = Buffer.alloc(12)
  header.write('RIFF', 0, 'latin1')
  header.writeUInt32LE(4 + body.length, 4)
  header.write('WEBP', 8, 'latin1')
  return { bytes: Buffer.concat([header, body]), width, height }
}
