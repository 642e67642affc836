import { useSyncExternalStore } from 'react'

/** Width in CSS pixels at or below which the app uses its narrow (phone) layout: the seed's 960 px. */
export const NARROW_MAX_WIDTH = 960

/** Media query for the wide layout; keep in step with `@media (min-width: 960.02px)` in the CSS. */
export const WIDE_MEDIA_QUERY = `(min-width: ${NARROW_MAX_WIDTH + 0.02}px)`

function subscribeTo(query: string) {
  return (onChange: () => void) => {
    if (typeof window.matchMedia === 'function') {
      const list = window.matchMedia(query)
      list.addEventListener('change', onChange)
      return () => list.removeEventListener('change', onChange)
    }
    window.addEventListener('resize', onChange)
    return () => window.removeEventListener('resize', onChange)
  }
}

/** Whether the viewport is wider than 960 px (hover menus); falls back to innerWidth without matchMedia. */
export function isWideViewport(): boolean {
  if (typeof window.matchMedia === 'function') return window.matchMedia(WIDE_MEDIA_QUERY).matches
  return window.innerWidth > NARROW_MAX_WIDTH
}

const subscribeToWide = subscribeTo(WIDE_MEDIA_QUERY)

/** Subscribe to the wide/narrow layout switch. */
export function useIsWideViewport(): boolean {
  return useSyncExternalStore(subscribeToWide, isWideViewport, () => true)
}
