import type { ReactNode } from 'react'
import './photo-strip.css'

/** A photo as the strip shows it: its address (the image itself) and its pixels when known. */
export interface StripPhoto {
  id: number
  url: string
  width: number | null
  height: number | null
}

/** The box a thumbnail fits in, in CSS pixels (its longest side). */
const THUMB = 112

/** A thumbnail's width and height: the photo's shape in the box, so the page does not move when it loads. */
export function thumbSize(photo: Pick<StripPhoto, 'width' | 'height'>, box = THUMB): { width: number; height: number } {
  if (!photo.width || !photo.height) return { width: box, height: Math.round((box * 3) / 4) }
  const scale = box / Math.max(photo.width, photo.height)
  return { width: Math.round(photo.width * scale), height: Math.round(photo.height * scale) }
}

export interface PhotoStripProps {
  photos: readonly StripPhoto[]
  /** The text of photo `n` of `total`: it names the link that opens it full size. */
  alt: (n: number, total: number) => string
  /** Shown under photo `n` (a Remove button). */
  below?: (photo: StripPhoto, n: number) => ReactNode
  /** The list's accessible name. */
  label: string
}

/**
 * A row of photos (domain-free): each a thumbnail, loaded lazily, that opens the photo full size on a
 * tap (a link to the image, in a new tab). Its size is set from the photo's own, so nothing jumps.
 */
export function PhotoStrip({ photos, alt, below, label }: PhotoStripProps) {
  return (
    <ul className="photo-strip" aria-label={label}>
      {photos.map((photo, i) => (
        <li key={photo.id} className="photo-strip__item">
          <a className="photo-strip__link" href={photo.url} target="_blank" rel="noopener noreferrer">
            <img
              className="photo-strip__img"
              src={photo.url}
              alt={alt(i + 1, photos.length)}
              loading="lazy"
              decoding="async"
              {...thumbSize(photo)}
            />
          </a>
          {below?.(photo, i + 1)}
        </li>
      ))}
    </ul>
  )
}
