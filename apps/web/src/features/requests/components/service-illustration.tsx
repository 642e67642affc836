import type { ReactNode } from 'react'
import {
  house,
  wrench,
  bricks,
  worker,
  toolbox,
  tap,
  pipe,
  sand,
  redBrick,
  roller,
  brush,
  bulb,
  tester,
  truck,
  saw,
  beam,
  bag,
  torch,
  bucket,
  forklift,
  spray,
  broom,
  mixer,
  flyAsh,
  wiring,
  LineDrawing,
} from './drawings'

const DRAWINGS: Record<string, ReactNode> = {
  'home-repairs': house,
  'brick-workers': bricks,
  'construction-workers': worker,
  'construction-tools-supplies': toolbox,
  'plumbing-services': tap,
  plumbing: pipe,
  'sand-services': sand,
  'red-brick-service': redBrick,
  'wall-painter': roller,
  'premium-painting-service': brush,
  electrician: bulb,
  'essential-electrician-tools': tester,
  'delivery-services': truck,
  carpenter: saw,
  'steel-material': beam,
  'cement-services': bag,
  'welding-services': torch,
  'painting-services': bucket,
  'forklift-services': forklift,
  'cleaning-services': spray,
  'cleaning-tools': broom,
  'mortar-mixing': mixer,
  'fly-ash-bricks': flyAsh,
  'house-wiring': wiring,
}

/** The drawing of one catalog card; decorative, since the card's title says what it is. */
export function ServiceIllustration({ slug, size = 56 }: { slug: string; size?: number }) {
  return (
    <LineDrawing size={size} name={slug}>
      {DRAWINGS[slug] ?? wrench}
    </LineDrawing>
  )
}

/** Slugs that have their own drawing (a test checks every catalog card has one). */
export const ILLUSTRATED_SLUGS = Object.keys(DRAWINGS)
