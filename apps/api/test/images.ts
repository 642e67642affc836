import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { crc32 } from 'node:zlib'

// Real images for the photo tests (made once by Chromium from a canvas: 64 × 48, a gradient and a
// white square), and the metadata a phone's camera would add to them: an Exif block with a GPS
// position, XMP, comments, text chunks.

const dir = join(import.meta.dirname, 'images')

/** A JPEG (JFIF APP0, ICC profile in APP2, then the picture), a PNG (RGBA) and a WebP (VP8X with ICCP, VP8). */
export const IMAGES = {
  jpeg: readFileSync(join(dir, 'work.jpg')),
  png: readFileSync(join(dir, 'work.png')),
  webp: readFileSync(join(dir, 'work.webp')),
} as const

/** A place's name the camera wrote into the Exif (ImageDescription) beside its GPS position. */
export const EXIF_PLACE = 'Plot 12, Armoor Road'
/** The camera's make, in the Exif. */
export const EXIF_MAKE = 'TestPhone Maker'
/** 18° 47′ 24.6″ N, 78° 17′ 3.1″ E: the GPS position's rationals, as they sit in the Exif (big-endian). */
export const GPS_LATITUDE = Buffer.from([0, 0, 0, 18, 0, 0, 0, 1, 0, 0, 0, 47, 0, 0, 0, 1, 0, 0, 0, 246, 0, 0, 0, 10])
export const GPS_LONGITUDE = Buffer.from([0, 0, 0, 78, 0, 0, 0, 1, 0, 0, 0, 17, 0, 0, 0, 1, 0, 0, 0, 31, 0, 0, 0, 10])

/**
 * A TIFF block as a phone writes into Exif: IFD0 with Make, ImageDescription, (Orientation) and the
 * pointer to a GPS IFD holding the latitude and longitude with their N/E references. Big-endian.
 */
export function gpsExifTiff(orientation?: number): Buffer {
  const make = Buffer.from(`${EXIF_MAKE}\0`, 'latin1')
  const place = Buffer.from(`${EXIF_PLACE}\0`, 'latin1')
  const ifd0Entries = orientation === undefined ? 3 : 4
  const ifd0Size = 2 + ifd0Entries * 12 + 4
  const gpsEntries = 4
  const gpsSize = 2 + gpsEntries * 12 + 4
  const ifd0At = 8
  const gpsAt = ifd0At + ifd0Size
  const makeAt = gpsAt + gpsSize
  const placeAt = makeAt + make.length
  const latAt = placeAt + place.length
  const lngAt = latAt + GPS_LATITUDE.length
  const out = Buffer.alloc(lngAt + GPS_LONGITUDE.length)
  out.write('MM', 0, 'latin1')
  out.writeUInt16BE(42, 2)
  out.writeUInt32BE(ifd0At, 4)
  let at = ifd0At
  const entry = (tag: number, type: number, count: number, value: (at: number) => void) => {
    out.writeUInt16BE(tag, at)
    out.writeUInt16BE(type, at + 2)
    out.writeUInt32BE(count, at + 4)
    value(at + 8)
    at += 12
  }
  out.writeUInt16BE(ifd0Entries, at)
  at += 2
  entry(0x010e, 2, place.length, (v) => out.writeUInt32BE(placeAt, v)) // ImageDescription
  entry(0x010f, 2, make.length, (v) => out.writeUInt32BE(makeAt, v)) // Make
  if (orientation !== undefined) entry(0x0112, 3, 1, (v) => out.writeUInt16BE(orientation, v))
  entry(0x8825, 4, 1, (v) => out.writeUInt32BE(gpsAt, v)) // GPS IFD
  out.writeUInt32BE(0, at)
  at = gpsAt
  out.writeUInt16BE(gpsEntries, at)
  at += 2
  entry(0x0001, 2, 2, (v) => out.write('N\0', v, 'latin1')) // GPSLatitudeRef
  entry(0x0002, 5, 3, (v) => out.writeUInt32BE(latAt, v)) // GPSLatitude
  entry(0x0003, 2, 2, (v) => out.write('E\0', v, 'latin1')) // GPSLongitudeRef
  entry(0x0004, 5, 3, (v) => out.writeUInt32BE(lngAt, v)) // GPSLongitude
  out.writeUInt32BE(0, at)
  make.copy(out, makeAt)
  place.copy(out, placeAt)
  GPS_LATITUDE.copy(out, latAt)
  GPS_LONGITUDE.copy(out, lngAt)
  return out
}

/** A JPEG segment: marker and length, then the payload. */
export function jpegSegment(marker: number, payload: Buffer): Buffer {
  const head = Buffer.alloc(4)
  head.writeUInt16BE(0xff00 | marker, 0)
  head.writeUInt16BE(payload.length + 2, 2)
  return Buffer.concat([head, payload])
}

/** A JPEG with segments put in right after its APP0 (where a camera's Exif sits). */
export function jpegWith(jpeg: Buffer, ...segments: Buffer[]): Buffer {
  const afterApp0 = 4 + jpeg.readUInt16BE(4)
  return Buffer.concat([jpeg.subarray(0, afterApp0), ...segments, jpeg.subarray(afterApp0)])
}

/** The camera's metadata in JPEG segments: Exif with GPS (APP1), XMP (APP1), Photoshop's IPTC (APP13), a comment. */
export function cameraJpegSegments(orientation?: number): Buffer[] {
  return [
    jpegSegment(0xe1, Buffer.concat([Buffer.from('Exif\0\0', 'latin1'), gpsExifTiff(orientation)])),
    jpegSegment(
      0xe1,
      Buffer.from(
        `http://ns.adobe.com/xap/1.0/\0<x:xmpmeta><exif:GPSLatitude>18,47.41N</exif:GPSLatitude></x:xmpmeta>`,
        'latin1',
      ),
    ),
    jpegSegment(0xed, Buffer.from(`Photoshop 3.0\0${EXIF_PLACE}`, 'latin1')),
    jpegSegment(0xfe, Buffer.from(`Taken at ${EXIF_PLACE}`, 'latin1')),
  ]
}

/** A PNG chunk with its CRC. */
export function pngChunk(type: string, data: Buffer): Buffer {
  const head = Buffer.alloc(8)
  head.writeUInt32BE(data.length, 0)
  head.write(type, 4, 'latin1')
  const crc = Buffer.alloc(4)
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])), 0)
  return Buffer.concat([head, data, crc])
}

/** A PNG with chunks put in right after IHDR. */
export function pngWith(png: Buffer, ...chunks: Buffer[]): Buffer {
  const afterIhdr = 8 + 12 + png.readUInt32BE(8)
  return Buffer.concat([png.subarray(0, afterIhdr), ...chunks, png.subarray(afterIhdr)])
}

/** The camera's metadata as PNG chunks: eXIf with GPS, tEXt, iTXt (XMP), zTXt. */
export function cameraPngChunks(): Buffer[] {
  return [
    pngChunk('eXIf', gpsExifTiff()),
    pngChunk('tEXt', Buffer.from(`Location\0${EXIF_PLACE}`, 'latin1')),
    pngChunk('iTXt', Buffer.from(`XML:com.adobe.xmp\0\0\0\0\0<x:xmpmeta>${EXIF_PLACE}</x:xmpmeta>`, 'latin1')),
    pngChunk('zTXt', Buffer.from('Comment\0\0x\x9c\x03\x00\x00\x00\x00\x01', 'latin1')),
  ]
}

/** A WebP chunk (padded to an even size). */
export function webpChunk(fourcc: string, data: Buffer): Buffer {
  const head = Buffer.alloc(8)
  head.write(fourcc, 0, 'latin1')
  head.writeUInt32LE(data.length, 4)
  return Buffer.concat([head, data, Buffer.alloc(data.length % 2)])
}

/**
 * The WebP (VP8X) with an EXIF chunk holding GPS and an "XMP " chunk at the end, their VP8X flags set
 * and the RIFF size made right, as a camera app writes it.
 */
export function cameraWebp(webp: Buffer): Buffer {
  const out = Buffer.concat([
    webp,
    webpChunk('EXIF', gpsExifTiff()),
    webpChunk('XMP ', Buffer.from(`<x:xmpmeta>${EXIF_PLACE}</x:xmpmeta>`, 'latin1')),
  ])
  out.writeUInt32LE(out.length - 8, 4)
  out[20] = out[20]! | 0x08 | 0x04
  return out
}

/** Whether `haystack` holds any of the camera's metadata: the Exif header, the GPS rationals, the place, the make. */
export function holdsCameraMetadata(haystack: Buffer): string[] {
  const found: string[] = []
  if (haystack.includes(Buffer.from('Exif\0\0', 'latin1'))) found.push('Exif header')
  if (haystack.includes(GPS_LATITUDE)) found.push('GPS latitude')
  if (haystack.includes(GPS_LONGITUDE)) found.push('GPS longitude')
  if (haystack.includes(Buffer.from(EXIF_PLACE, 'latin1'))) found.push('place')
  if (haystack.includes(Buffer.from(EXIF_MAKE, 'latin1'))) found.push('make')
  if (haystack.includes(Buffer.from('xmpmeta', 'latin1'))) found.push('XMP')
  return found
}
