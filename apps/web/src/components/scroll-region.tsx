import type { ReactNode } from 'react'

export interface ScrollRegionProps {
  /** What the region holds, read out when keyboard focus reaches it (in the person's language). */
  label: string
  className?: string
  /** The width (px) below which the content scrolls sideways instead of squeezing (a wide table). */
  minWidth?: number
  children: ReactNode
}

/**
 * A box that scrolls sideways on a phone (a wide table), reachable and scrollable by keyboard: it
 * takes focus and names itself, so axe's scrollable-region-focusable holds whatever the rows hold
 * (a table of plain text has nothing else to focus), and a keyboard user can read every column.
 */
export function ScrollRegion({ label, className, minWidth, children }: ScrollRegionProps) {
  return (
    <div className={className} role="region" aria-label={label} tabIndex={0} style={{ overflowX: 'auto' }}>
      {minWidth === undefined ? children : <div style={{ minWidth }}>{children}</div>}
    </div>
  )
}
