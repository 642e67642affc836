import { useEffect, useState } from 'react'

/**
 * True once `ready` has been true through a paint: for what a screen shows below its main content
 * (My jobs' payouts, ratings and working time), so that its code and words are asked for only after
 * the content is on screen and never compete with it on a slow line (issue 24: a phone's largest
 * paint). A timer after the effect lets the browser paint first.
 */
export function useAfterPaint(ready: boolean): boolean {
  const [after, setAfter] = useState(false)
  useEffect(() => {
    if (!ready || after) return
    const timer = setTimeout(() => setAfter(true), 0)
    return () => clearTimeout(timer)
  }, [ready, after])
  return after
}
