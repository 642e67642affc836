import type { PriceRange } from '@townworks/contract'
import { useSyncExternalStore } from 'react'

// The customer's "about ₹X–₹Y" (issue 22, decision 063): the price guide's ranges per service and town
// (GET /api/price-ranges, loaded by api/price-ranges.ts after a screen paints) in a small store, and the
// town the customer last chose in the request form, which the catalog's cards show the range for.
// Zod-free, without the query cache and without the formatter (the range's words, range-text.tsx, come
// with the ranges): /imdDisplay paints without them (decision 046).

const keyOf = (service: string, town: string) => `${service}\u0000${town}`

let ranges: ReadonlyMap<string, PriceRange> = new Map()
let town: string | undefined
const listeners = new Set<() => void>()
const changed = () => {
  for (const listener of listeners) listener()
}
const subscribe = (listener: () => void) => {
  listeners.add(listener)
  return () => listeners.delete(listener)
}

/** Hand the ranges to every screen that shows one (api/price-ranges.ts calls this when they come). */
export function setPriceRanges(list: readonly PriceRange[]): void {
  ranges = new Map(list.map((range) => [keyOf(range.service, range.town), range]))
  changed()
}

/** The range of a service in a town (English names, as the form sends them), or undefined when it has no guide. */
export function usePriceRange(service: string | undefined, town: string | undefined): PriceRange | undefined {
  const current = useSyncExternalStore(subscribe, () => ranges)
  return service && town ? current.get(keyOf(service, town)) : undefined
}

/** Where the town the customer last chose in the request form is kept (after the request is sent, too). */
export const KNOWN_TOWN_KEY = 'townworks.town'

function storedTown(): string {
  try {
    return localStorage.getItem(KNOWN_TOWN_KEY) ?? ''
  } catch {
    return ''
  }
}

/** The request form's town choice, kept for the catalog's cards ("about ₹X–₹Y in Armoor"). */
export function rememberTown(chosen: string): void {
  if (!chosen || chosen === (town ?? storedTown())) return
  town = chosen
  try {
    localStorage.setItem(KNOWN_TOWN_KEY, chosen)
  } catch {
    // No storage: the cards follow the choice while the page is open.
  }
  changed()
}

/** The customer's town as far as this phone knows ('' when none): the last one chosen in the request form. */
export function useKnownTown(): string {
  return useSyncExternalStore(subscribe, () => (town ??= storedTown()))
}

/** For tests: forget the ranges and the town read from storage. */
export function resetPriceRanges(): void {
  ranges = new Map()
  town = undefined
  changed()
}
