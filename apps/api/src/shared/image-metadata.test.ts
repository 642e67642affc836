import { inflateSync } from 'node:zlib'
import { describe, expect, it } from 'vitest'
import {
  cameraJpegSegments,
  cameraPngChunks,
  cameraWebp,
  holdsCameraMetadata,
  IMAGES,
  jpegSegment,
  jpegWith,
  pngWith,
} from '../../test/images'
import { exifOrientation, stripImageMetadata } from './image-metadata'

// The metadata a camera writes (Exif with the GPS position, XMP, comments, text chunks) is taken out
// and the picture is left exactly as it was: stripping a photo with the camera's metadata gives back,
// byte for byte, the same image without it (which Chromium made and decodes).

/** The JPEG segments in order: marker and length (up to the first scan). */
function jpegMarkers(jpeg: Buffer): number[] {
  const markers: number[] = []
  let i = 2
  while (i < jpeg.length) {
    const marker = jpeg[i + 1]!
    markers.push(marker)
    if (marker === 0xda) break
    i += 2 + jpeg.readUInt16BE(i + 2)
  }
  return markers
}

describe('stripping a JPEG', () => {
  it('takes out Exif with its GPS position, XMP, IPTC and comments, and leaves the picture as it was', () => {
    const camera = jpegWith(IMAGES.jpeg, ...cameraJpegSegments())
    expect(holdsCameraMetadata(camera)).toEqual([
      'Exif header',
      'GPS latitude',
      'GPS longitude',
      'place',
      'make',
      'XMP',
    ])
    const clean = stripImageMetadata('image/jpeg', camera)!
    expect(holdsCameraMetadata(clean.bytes)).toEqual([])
    expect(clean.bytes.equals(IMAGES.jpeg)).toBe(true)
    expect({ width: clean.width, height: clean.height }).toEqual({ width: 64, height: 48 })
  })

  it('keeps JFIF, the ICC colour profile, the tables, the frame and the scan', () => {
    const clean = stripImageMetadata('image/jpeg', IMAGES.jpeg)!
    expect(clean.bytes.equals(IMAGES.jpeg)).toBe(true)
    const markers = jpegMarkers(clean.bytes)
    expect(markers[0]).toBe(0xe0)
    expect(markers).toContain(0xe2)
    expect(markers).toContain(0xdb)
    expect(markers.some((m) => m >= 0xc0 && m <= 0xc2)).toBe(true)
    expect(markers.at(-1)).toBe(0xda)
    expect(clean.bytes.subarray(-2)).toEqual(Buffer.from([0xff, 0xd9]))
  })

  it('keeps which way up the photo is as a minimal Exif of that one tag, and says its size as shown', () => {
    const camera = jpegWith(IMAGES.jpeg, ...cameraJpegSegments(6))
    const clean = stripImageMetadata('image/jpeg', camera)!
    expect(holdsCameraMetadata(clean.bytes)).toEqual(['Exif header'])
    const exif = clean.bytes.subarray(4 + clean.bytes.readUInt16BE(4))
    expect(exif[1]).toBe(0xe1)
    expect(exif.readUInt16BE(2)).toBe(34)
    expect(exifOrientation(exif.subarray(10, 36))).toBe(6)
    // Turned a quarter: shown 48 wide and 64 high.
    expect({ width: clean.width, height: clean.height }).toEqual({ width: 48, height: 64 })
    // Without the Exif the rest is the original picture.
    expect(Buffer.concat([clean.bytes.subarray(0, 4 + 16), exif.subarray(36)]).equals(IMAGES.jpeg)).toBe(true)
  })

  it('drops what follows the end of the image (a motion photo’s video) and an Exif thumbnail’s markers', () => {
    const trailer = Buffer.from(`ftypmp42 video taken at the door ${'x'.repeat(200)}`, 'latin1')
    const clean = stripImageMetadata('image/jpeg', Buffer.concat([IMAGES.jpeg, trailer]))!
    expect(clean.bytes.equals(IMAGES.jpeg)).toBe(true)
  })

  it('keeps Adobe’s APP14 (how the colours are coded) and drops other application segments', () => {
    const adobe = jpegSegment(0xee, Buffer.from('Adobe\0\x64\0\0\0\0\x01', 'latin1'))
    const other = jpegSegment(0xe5, Buffer.from('Ducky\0\x01', 'latin1'))
    const clean = stripImageMetadata('image/jpeg', jpegWith(IMAGES.jpeg, adobe, other))!
    expect(jpegMarkers(clean.bytes)).toContain(0xee)
    expect(jpegMarkers(clean.bytes)).not.toContain(0xe5)
    expect(clean.bytes.length).toBe(IMAGES.jpeg.length + adobe.length)
  })

  it('refuses what is not a whole JPEG: cut short, a segment past the end, text, no scan', () => {
    expect(stripImageMetadata('image/jpeg', IMAGES.jpeg.subarray(0, 300))).toBeUndefined()
    expect(stripImageMetadata('image/jpeg', IMAGES.jpeg.subarray(0, IMAGES.jpeg.length - 2))).toBeUndefined()
    const long = Buffer.from(IMAGES.jpeg)
    long.writeUInt16BE(0xfff0, 4)
    expect(stripImageMetadata('image/jpeg', long)).toBeUndefined()
    expect(
      stripImageMetadata('image/jpeg', Buffer.from('\xff\xd8\xffhello, this is a text file', 'latin1')),
    ).toBeUndefined()
    expect(stripImageMetadata('image/jpeg', Buffer.from([0xff, 0xd8, 0xff, 0xd9]))).toBeUndefined()
  })
})

describe('stripping a PNG', () => {
  /** The image data of a PNG: its IDAT chunks inflated. */
  function pixels(png: Buffer): Buffer {
    const data: Buffer[] = []
    for (let i = 8; i < png.length;) {
      const length = png.readUInt32BE(i)
      if (png.toString('latin1', i + 4, i + 8) === 'IDAT') data.push(png.subarray(i + 8, i + 8 + length))
      i += 12 + length
    }
    return inflateSync(Buffer.concat(data))
  }

  it('takes out eXIf with its GPS position, tEXt, iTXt and zTXt, and leaves the picture as it was', () => {
    const withMetadata = pngWith(IMAGES.png, ...cameraPngChunks())
    expect(holdsCameraMetadata(withMetadata).length).toBeGreaterThan(0)
    const clean = stripImageMetadata('image/png', withMetadata)!
    expect(holdsCameraMetadata(clean.bytes)).toEqual([])
    expect(clean.bytes.equals(IMAGES.png)).toBe(true)
    // The pixels are all there: 48 rows of a filter byte and 64 RGBA pixels.
    expect(pixels(clean.bytes).length).toBe(48 * (1 + 64 * 4))
    expect({ width: clean.width, height: clean.height }).toEqual({ width: 64, height: 48 })
  })

  it('drops what follows IEND and refuses a PNG cut short or with an unknown critical chunk', () => {
    expect(stripImageMetadata('image/png', Buffer.concat([IMAGES.png, Buffer.from('trailing')]))!.bytes).toEqual(
      IMAGES.png,
    )
    expect(stripImageMetadata('image/png', IMAGES.png.subarray(0, IMAGES.png.length - 12))).toBeUndefined()
    const odd = Buffer.from(IMAGES.png)
    odd.write('ABCD', 8 + 4, 'latin1')
    expect(stripImageMetadata('image/png', odd)).toBeUndefined()
  })
})

describe('stripping a WebP', () => {
  it('takes out EXIF with its GPS position and XMP, clears their VP8X flags and fixes the RIFF size', () => {
    const camera = cameraWebp(IMAGES.webp)
    expect(holdsCameraMetadata(camera).length).toBeGreaterThan(0)
    expect(camera[20]! & 0x0c).toBe(0x0c)
    const clean = stripImageMetadata('image/webp', camera)!
    expect(holdsCameraMetadata(clean.bytes)).toEqual([])
    expect(clean.bytes.equals(IMAGES.webp)).toBe(true)
    expect(clean.bytes.readUInt32LE(4)).toBe(clean.bytes.length - 8)
    // The ICC profile stays, flagged.
    expect(clean.bytes[20]! & 0x20).toBe(0x20)
    expect({ width: clean.width, height: clean.height }).toEqual({ width: 64, height: 48 })
  })

  it('refuses a WebP cut short or without image data', () => {
    expect(stripImageMetadata('image/webp', IMAGES.webp.subarray(0, 100))).toBeUndefined()
    const header = Buffer.from(IMAGES.webp.subarray(0, 30))
    header.writeUInt32LE(22, 4)
    expect(stripImageMetadata('image/webp', header)).toBeUndefined()
  })
})
