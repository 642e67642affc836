import { describe, expect, it } from 'vitest'
import { CATALOG_CARDS, CATALOG_CATEGORIES } from './catalog'
import { CATALOG_CATEGORY_SLUGS, INITIAL_SERVICES } from './constants'

/**
 * The trade each card books, written out once more by hand: a card that books the wrong trade (a
 * carpenter booked as "Home Services", welding as construction labourers) fails here.
 */
const BOOKS: Record<string, (typeof INITIAL_SERVICES)[number]> = {
  'Home Repairs': 'Home Services',
  'Brick Workers': 'Brick Worker',
  'Construction Workers': 'Construction Workers',
  'Construction Tools Supplies': 'Construction Tools and Equipment',
  'Plumbing Services': 'Plumber',
  Plumbing: 'Plumber',
  'Sand Services': 'Sand Services',
  'Red Brick Service': 'Brick Services',
  'Wall Painter': 'Painter',
  'Premium Painting Service': 'Painter',
  Electrician: 'Electrician',
  'Essential Electrician Tools': 'Construction Tools and Equipment',
  'Delivery Services': 'Delivery Services',
  Carpenter: 'Carpenter',
  'Steel Material': 'Steel Services',
  'Cement Services': 'Morter Services',
  'Welding Services': 'Welding Services',
  'Painting Services': 'Painter',
  'ForkLift Services': 'Construction Tools and Equipment',
  'Cleaning Services': 'Cleaning Services',
  'Cleaning Tools': 'Cleaning Services',
  'Mortar Mixing': 'Morter Services',
  'Fly Ash Bricks': 'Brick Services',
  'House Wiring': 'Electrician',
}

describe('the catalog', () => {
  it("keeps the seed's 11 services first, in the seed's order and spelling; new trades come after", () => {
    expect(INITIAL_SERVICES.slice(0, 11)).toEqual([
      'Plumber',
      'Electrician',
      'Painter',
      'Brick Worker',
      'Home Services',
      'Sand Services',
      'Morter Services',
      'Delivery Services',
      'Brick Services',
      'Construction Workers',
      'Construction Tools and Equipment',
    ])
    expect(new Set(INITIAL_SERVICES).size).toBe(INITIAL_SERVICES.length)
  })

  it('has 24 distinct cards, and each books the trade it names', () => {
    expect(CATALOG_CARDS).toHaveLength(24)
    expect(new Set(CATALOG_CARDS.map((c) => c.slug)).size).toBe(24)
    expect(Object.fromEntries(CATALOG_CARDS.map((c) => [c.title, c.service]))).toEqual(BOOKS)
  })

  it('puts every card in a category, and names only real cards', () => {
    const slugs = new Set<string>(CATALOG_CARDS.map((c) => c.slug))
    const inSome = new Set(CATALOG_CATEGORIES.flatMap((c) => c.cards))
    expect([...inSome].filter((slug) => !slugs.has(slug))).toEqual([])
    expect([...slugs].filter((slug) => !inSome.has(slug as never))).toEqual([])
    expect(CATALOG_CATEGORIES.length).toBeGreaterThanOrEqual(8)
    expect(CATALOG_CATEGORIES.length).toBeLessThanOrEqual(12)
    expect(new Set(CATALOG_CATEGORIES.map((c) => c.slug)).size).toBe(CATALOG_CATEGORIES.length)
    for (const category of CATALOG_CATEGORIES) expect(new Set(category.cards).size).toBe(category.cards.length)
    expect(CATALOG_CATEGORIES.map((c) => c.slug)).toEqual(CATALOG_CATEGORY_SLUGS)
  })

  it('has a card for every trade a request can book', () => {
    const booked = new Set(CATALOG_CARDS.map((c) => c.service))
    expect(INITIAL_SERVICES.filter((s) => !booked.has(s))).toEqual([])
  })
})
