import { lazy, Suspense, useState } from 'react'
import { loadWithTimeout } from '../lazy-with-timeout'

// The photo's query and image come with the first press (warmed when a pointer, finger or the keyboard
// reaches the button): no part of a screen's first paint (decision 047). Should they not arrive, no
// photo shows, as when the photo itself cannot be fetched.
const loadPhoto = () => loadWithTimeout(() => import('./request-photo'))
const warmPhoto = () => void loadPhoto().catch(() => undefined)
const RequestPhotoImage = lazy(() =>
  loadPhoto().then(
    (m) => ({ default: m.RequestPhotoImage }),
    () => ({ default: () => null }),
  ),
)
export interface RequestPhotoButtonProps {
  requestId: number
  /** The button's words ("Show the photo"), in the reader's language. */
  label: string
  /** What the photo is, for a screen reader. */
  alt: string
}

const LINK_BUTTON = {
  background: 'none',
  border: 0,
  padding: '8px 0',
  minHeight: 44,
  color: 'inherit',
  font: 'inherit',
  textDecoration: 'underline',
  cursor: 'pointer',
} as const

/** "Show the photo": fetches the request's photo on the first press and shows it below. */
export function RequestPhotoButton({ requestId, label, alt }: RequestPhotoButtonProps) {
  const [shown, setShown] = useState(false)
  return (
    <span className="request-photo">
      {!shown ? (
        <button
          type="button"
          style={LINK_BUTTON}
          onPointerOver={warmPhoto}
          onTouchStart={warmPhoto}
          onFocus={warmPhoto}
          onClick={() => setShown(true)}
        >
          {label}
        </button>
      ) : (
        <Suspense fallback={null}>
          <RequestPhotoImage requestId={requestId} alt={alt} />
        </Suspense>
      )}
    </span>
  )
}
