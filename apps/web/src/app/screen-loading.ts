import { useSyncExternalStore } from 'react'

// Screens whose code or translations are on their way: the layout shows a progress bar meanwhile.
let pending = 0
const listeners = new Set<() => void>()

/** Count a screen load in (+1) or out (-1). */
export function trackScreenLoad(change: 1 | -1) {
  pending += change
  for (const listener of listeners) listener()
}

/** Whether a screen is loading (its code or translations): the layout's progress bar and status text. */
export function useScreenLoading(): boolean {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
    () => pending > 0,
    () => false,
  )
}
