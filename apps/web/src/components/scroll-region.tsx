import type { ReactNode } from 'react'

export interface ScrollRegionProps {
  /** What the region holds, read out when keyboard focus reaches it (in the person's language). */
  label: string
  className?: string
  children: ReactNode
}

/**
 * A box that scrolls sideways on a phone (a wide table), reachable and scrollable by keyboard: it
 * takes focus and names itself, so axe's scrollable-region-focusable holds and a keyboard user can
 * read every column.
 */
export function ScrollRegion({ label, className, children }: ScrollRegionProps) {
  return (
    <div className={className} role="region" aria-label={label} tabIndex={0}>
      {children}
    </div>
  )
}
