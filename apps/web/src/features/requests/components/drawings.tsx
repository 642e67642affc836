import type { ReactNode } from 'react'

// Line drawings made for TownWorks: a 64×64 grid, stroked in the current colour, no downloads.
// The categories' icons (category-icon.tsx) copy ten of them.
export const house = (
  <>
    <path d="M10 30 32 12l22 18" />
    <path d="M16 26v26h32V26" />
    <path d="M28 52V38h8v14" />
  </>
)
export const wrench = <path d="M40 10a10 10 0 0 0-9 14L12 43a4 4 0 0 0 6 6l19-19a10 10 0 0 0 14-9l-6 6-6-2-2-6z" />
export const bricks = (
  <>
    <rect x="8" y="16" width="48" height="32" rx="1" />
    <path d="M8 27h48M8 38h48M24 16v11M40 16v11M16 27v11M32 27v11M48 27v11M24 38v10M40 38v10" />
  </>
)
// A worker in a hard hat, with a shovel (not a hotel bell: the hat sits on a head and shoulders).
export const worker = (
  <>
    <circle cx="28" cy="26" r="7" />
    <path d="M18 22a10 10 0 0 1 20 0M16 22h24" />
    <path d="M12 56v-6a10 10 0 0 1 10-10h12a10 10 0 0 1 10 10v6" />
    <path d="M52 14v32M47 46h10l-5 10z" />
  </>
)
export const toolbox = (
  <>
    <rect x="8" y="24" width="48" height="28" rx="2" />
    <path d="M24 24v-8h16v8M8 36h48M28 32v8h8v-8" />
  </>
)
export const tap = (
  <>
    <path d="M14 24h20a8 8 0 0 1 8 8v4" />
    <path d="M14 18v12M24 18v6M18 18h12" />
    <path d="M42 44c-3 4-3 6 0 8 3-2 3-4 0-8z" />
  </>
)
export const pipe = (
  <>
    <path d="M8 20h24a8 8 0 0 1 8 8v28" />
    <path d="M8 30h20a2 2 0 0 1 2 2v24" />
    <path d="M6 16v18M26 52h18" />
  </>
)
export const sand = (
  <>
    <path d="M8 50c8-20 40-20 48 0z" />
    <path d="M22 40h2M32 34h2M40 42h2M28 46h2" />
    <path d="M44 14l8 8-10 6z" />
  </>
)
export const redBrick = (
  <>
    <path d="M10 28l30-8 14 8-30 8z" />
    <path d="M10 28v12l14 8V36M24 48l30-8V28" />
    <circle cx="30" cy="28" r="2" />
    <circle cx="38" cy="26" r="2" />
  </>
)
export const roller = (
  <>
    <rect x="10" y="10" width="36" height="12" rx="3" />
    <path d="M46 16h6v12H30v8" />
    <rect x="26" y="36" width="8" height="18" rx="2" />
  </>
)
export const brush = (
  <>
    <path d="M36 8l8 8-16 16-8-8z" />
    <path d="M20 24l-8 8c-4 4-4 12-4 20 8 0 16 0 20-4l8-8" />
    <path d="M40 40c4 4 12 6 16 4" />
  </>
)
export const bulb = (
  <>
    <path d="M22 36a14 14 0 1 1 20 0c-2 2-3 5-3 8H25c0-3-1-6-3-8z" />
    <path d="M26 50h12M28 56h8M32 24l-4 8h8l-4 8" />
  </>
)
export const tester = (
  <>
    <path d="M30 6l4 4-18 34-6 2 2-6z" />
    <path d="M36 22h18v24H36z" />
    <path d="M42 30h6M42 38h6" />
  </>
)
export const truck = (
  <>
    <path d="M6 18h32v26H6zM38 28h12l8 8v8H38z" />
    <circle cx="16" cy="48" r="5" />
    <circle cx="46" cy="48" r="5" />
  </>
)
export const saw = (
  <>
    <path d="M8 40l36-24 6 8-36 24z" />
    <path d="M14 44l2 4M20 40l2 4M26 36l2 4M32 32l2 4M38 28l2 4" />
    <path d="M44 16l8-6 6 8-8 6" />
  </>
)
export const beam = (
  <>
    <path d="M8 14h48M8 22h48M32 14v8" />
    <path d="M8 38h48M8 46h48M32 38v8" />
    <path d="M8 54h48" />
  </>
)
export const bag = (
  <>
    <path d="M16 16h32l4 38H12z" />
    <path d="M16 16l4-6h24l4 6" />
    <path d="M22 32h20M22 40h20" />
  </>
)
export const torch = (
  <>
    <path d="M8 48l20-20 6 6-20 20z" />
    <path d="M34 28l6-6" />
    <path d="M44 8l2 8M54 14l-8 4M56 26l-8-4M44 20l4 4" />
  </>
)
export const bucket = (
  <>
    <path d="M14 22h36l-4 32H18z" />
    <path d="M14 22c0-8 36-8 36 0" />
    <path d="M20 34c6 4 18 4 24 0" />
  </>
)
export const forklift = (
  <>
    <path d="M8 20h16l8 16v10H8z" />
    <path d="M40 8v42h16" />
    <circle cx="14" cy="50" r="5" />
    <circle cx="28" cy="50" r="5" />
    <path d="M32 30h8" />
  </>
)
export const spray = (
  <>
    <path d="M20 26h20v30H20z" />
    <path d="M24 26v-8h12v8M36 18h8" />
    <path d="M50 12l4-2M50 18h6M50 24l4 2" />
  </>
)
export const broom = (
  <>
    <path d="M44 6L30 34" />
    <path d="M22 30l16 8-6 18c-6-2-14-6-18-10z" />
    <path d="M20 44l8 4M24 38l8 4" />
  </>
)
export const mixer = (
  <>
    <path d="M14 20l30-8 8 22-30 8z" />
    <path d="M24 40l-4 12M40 36l4 16M14 52h36" />
    <path d="M28 18l6 20" />
  </>
)
export const flyAsh = (
  <>
    <rect x="8" y="22" width="22" height="14" rx="1" />
    <rect x="34" y="22" width="22" height="14" rx="1" />
    <rect x="20" y="40" width="22" height="14" rx="1" />
    <path d="M18 10c2 4-2 6 0 10M30 8c2 4-2 6 0 10M42 10c2 4-2 6 0 10" />
  </>
)
export const wiring = (
  <>
    <path d="M10 30L32 12l22 18M16 26v26h32V26" />
    <path d="M22 52v-8c0-4 4-6 8-6h4c4 0 8-2 8-6v-4" />
    <rect x="38" y="22" width="8" height="6" rx="1" />
  </>
)

/** One drawing at `size` px; decorative, since the text beside it says what it is. */
export function LineDrawing({ children, size = 56, name }: { children: ReactNode; size?: number; name: string }) {
  return (
    <svg
      width={size}
      height={size}
      viewBox="0 0 64 64"
      fill="none"
      stroke="currentColor"
      strokeWidth={2.5}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
      data-slug={name}
    >
      {children}
    </svg>
  )
}
