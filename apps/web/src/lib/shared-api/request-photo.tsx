import { useState } from 'react'
import { queryOptions, useQuery } from '@tanstack/react-query'
import { api } from '../api-client'
import { requestsKeys } from '../query-keys'

// GET /api/requests/{id}/photo is shown by the inbox (requests), the job page (jobs), My jobs (workers)
// and My requests: a feature may not import another, so its one owner is here. The screens load this
// module when a photo is to be shown (request-photo-button.tsx, request-details.tsx; decision 047).

/** A request's photo, fetched only when someone asks to see it (it can be 400 KB). */
export const requestPhotoQuery = (requestId: number) =>
  queryOptions({
    queryKey: requestsKeys.photo(requestId),
    queryFn: ({ signal }) => api.call('requestPhoto', { params: { id: requestId }, signal }),
    staleTime: Infinity,
  })

export function useRequestPhoto(requestId: number, enabled: boolean) {
  return useQuery({ ...requestPhotoQuery(requestId), enabled })
}

export interface RequestPhotoImageProps {
  requestId: number
  /** What the photo is, for a screen reader. */
  alt: string
}

/** The photo shown large once "Show the photo" was pressed (request-photo-button.tsx loads this with it). */
export function RequestPhotoImage({ requestId, alt }: RequestPhotoImageProps) {
  const photo = useRequestPhoto(requestId, true)
  return photo.data ? (
    <img
      className="request-photo__image"
      src={`data:${photo.data.type};base64,${photo.data.data}`}
      alt={alt}
      style={{ display: 'block', maxWidth: '100%', maxHeight: 240, marginTop: 4, borderRadius: 4 }}
    />
  ) : null
}

const THUMBNAIL_BUTTON = {
  background: 'none',
  border: 0,
  padding: 0,
  minHeight: 44,
  color: 'inherit',
  font: 'inherit',
  textDecoration: 'none',
  cursor: 'pointer',
  display: 'block',
} as const

export interface RequestPhotoThumbnailProps {
  requestId: number
  /** What the photo is, in the reader's language: the image's text and the button's name. */
  alt: string
}

/**
 * The request's photo, fetched at once and shown small (one request on screen: the schedule form, a
 * customer's card); a press shows it large, another small again.
 */
export function RequestPhotoThumbnail({ requestId, alt }: RequestPhotoThumbnailProps) {
  const [large, setLarge] = useState(false)
  const photo = useRequestPhoto(requestId, true)
  if (!photo.data) return null
  return (
    <button
      type="button"
      className="request-photo"
      aria-expanded={large}
      onClick={() => setLarge((was) => !was)}
      style={THUMBNAIL_BUTTON}
    >
      <img
        className="request-photo__image"
        src={`data:${photo.data.type};base64,${photo.data.data}`}
        alt={alt}
        style={{
          display: 'block',
          maxWidth: '100%',
          // Small: 96 px high whatever the photo's size (a tiny one is not a dot); large: up to 480 px.
          ...(large ? { maxHeight: 480 } : { height: 96, width: 'auto', objectFit: 'cover' }),
          border: '1px solid #d0d5dd',
          borderRadius: 4,
        }}
      />
    </button>
  )
}
