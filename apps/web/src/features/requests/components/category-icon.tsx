import type { CatalogCategorySlug } from '@townworks/contract/constants'
import type { ReactNode } from 'react'

// The categories' drawings: the cards' line drawings (drawings.tsx) that stand for each category,
// copied rather than imported, so the home page's first screen ships these ten and not all 25.
const ICONS: Record<CatalogCategorySlug, ReactNode> = {
  plumbing: (
    <>
      <path d="M14 24h20a8 8 0 0 1 8 8v4" />
      <path d="M14 18v12M24 18v6M18 18h12" />
      <path d="M42 44c-3 4-3 6 0 8 3-2 3-4 0-8z" />
    </>
  ),
  electrical: (
    <>
      <path d="M22 36a14 14 0 1 1 20 0c-2 2-3 5-3 8H25c0-3-1-6-3-8z" />
      <path d="M26 50h12M28 56h8M32 24l-4 8h8l-4 8" />
    </>
  ),
  painting: (
    <>
      <rect x="10" y="10" width="36" height="12" rx="3" />
      <path d="M46 16h6v12H30v8" />
      <rect x="26" y="36" width="8" height="18" rx="2" />
    </>
  ),
  masonry: (
    <>
      <circle cx="28" cy="26" r="7" />
      <path d="M18 22a10 10 0 0 1 20 0M16 22h24" />
      <path d="M12 56v-6a10 10 0 0 1 10-10h12a10 10 0 0 1 10 10v6" />
      <path d="M52 14v32M47 46h10l-5 10z" />
    </>
  ),
  'home-repairs': (
    <>
      <path d="M10 30 32 12l22 18" />
      <path d="M16 26v26h32V26" />
      <path d="M28 52V38h8v14" />
    </>
  ),
  'sand-cement': (
    <>
      <path d="M16 16h32l4 38H12z" />
      <path d="M16 16l4-6h24l4 6" />
      <path d="M22 32h20M22 40h20" />
    </>
  ),
  bricks: (
    <>
      <path d="M10 28l30-8 14 8-30 8z" />
      <path d="M10 28v12l14 8V36M24 48l30-8V28" />
      <circle cx="30" cy="28" r="2" />
      <circle cx="38" cy="26" r="2" />
    </>
  ),
  tools: (
    <>
      <rect x="8" y="24" width="48" height="28" rx="2" />
      <path d="M24 24v-8h16v8M8 36h48M28 32v8h8v-8" />
    </>
  ),
  delivery: (
    <>
      <path d="M6 18h32v26H6zM38 28h12l8 8v8H38z" />
      <circle cx="16" cy="48" r="5" />
      <circle cx="46" cy="48" r="5" />
    </>
  ),
  cleaning: (
    <>
      <path d="M44 6L30 34" />
      <path d="M22 30l16 8-6 18c-6-2-14-6-18-10z" />
      <path d="M20 44l8 4M24 38l8 4" />
    </>
  ),
}

/** A category's drawing; decorative beside its name. */
export function CategoryIcon({ slug, size = 40 }: { slug: CatalogCategorySlug; size?: number }) {
  return (
    <svg
      width={size}
      height={size}
      viewBox="0 0 64 64"
      fill="none"
      stroke="currentColor"
      strokeWidth={3}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
    >
      {ICONS[slug]}
    </svg>
  )
}
