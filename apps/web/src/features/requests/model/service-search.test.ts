import { CATALOG_CARDS, type CatalogCardSlug } from '@townworks/contract/catalog'
import { INITIAL_SERVICES, type Service } from '@townworks/contract/constants'
import { describe, expect, it } from 'vitest'
import enCatalog from '../../../locales/en/catalog.json'
import enCommon from '../../../locales/en/common.json'
import hiCatalog from '../../../locales/hi/catalog.json'
import hiCommon from '../../../locales/hi/common.json'
import teCatalog from '../../../locales/te/catalog.json'
import teCommon from '../../../locales/te/common.json'
import { catalogSearchDocs, createServiceSearch, normalize, splitList } from './service-search'

const resources = {
  en: { common: enCommon, catalog: enCatalog },
  te: { common: teCommon, catalog: teCatalog },
  hi: { common: hiCommon, catalog: hiCatalog },
}
const search = createServiceSearch(catalogSearchDocs(resources))
const serviceOf = (slug: CatalogCardSlug) => CATALOG_CARDS.find((c) => c.slug === slug)!.service
const cardsOf = (service: Service) => CATALOG_CARDS.filter((c) => c.service === service).map((c) => c.slug)
const byLanguage = { en: enCommon, te: teCommon, hi: hiCommon }
const synonyms = { en: enCatalog, te: teCatalog, hi: hiCatalog }

describe('finding a service in any script', () => {
  it.each([
    // The words the issue names, each with exactly the cards it must find.
    ['plumber', ['plumbing-services', 'plumbing']],
    ['plumbing', ['plumbing', 'plumbing-services']],
    ['Plumb', ['plumbing-services', 'plumbing']],
    ['ప్లంబర్', ['plumbing-services', 'plumbing']],
    ['प्लंबर', ['plumbing-services', 'plumbing']],
    ['प्लम्बर', ['plumbing-services', 'plumbing']],
    ['nalla', ['plumbing-services', 'plumbing']],
    ['నల్లా', ['plumbing-services', 'plumbing']],
    ['नल', ['plumbing-services', 'plumbing']],
    ['mistri', ['brick-workers']],
    ['మేస్త్రీ', ['brick-workers']],
    ['मिस्त्री', ['brick-workers']],
    ['karigar', ['home-repairs', 'carpenter']],
    ['current', ['electrician', 'house-wiring']],
    // Called exactly so first (the card, then the other card of that trade), then titles containing it.
    ['electrician', ['electrician', 'house-wiring', 'essential-electrician-tools']],
    ['rang', ['wall-painter', 'premium-painting-service', 'painting-services']],
    ['रंग', ['wall-painter', 'premium-painting-service', 'painting-services']],
    ['isuka', ['sand-services']],
    ['ఇసుక', ['sand-services']],
    ['reti', ['sand-services']],
    ['kuli', ['construction-workers']],
    ['mazdoor', ['construction-workers']],
    ['vadrangi', ['carpenter']],
    ['बढ़ई', ['carpenter']],
    ['बढई', ['carpenter']],
    ['sariya', ['steel-material']],
    ['safai', ['cleaning-services', 'cleaning-tools']],
    ['सफाई', ['cleaning-services', 'cleaning-tools']],
    ['welding', ['welding-services']],
    ['forklift', ['forklift-services']],
  ] as const)('%s finds %j', (query, cards) => {
    expect(search(query)).toEqual(cards)
  })

  it.each([
    // One small mistake: a letter missing, extra, swapped or wrong; a vowel sign wrong in Telugu or Hindi.
    ['plumbr', 'plumber'],
    ['plubmer', 'plumber'],
    ['plumbar', 'plumber'],
    ['elctrician', 'electrician'],
    ['electricain', 'electrician'],
    ['peinter', 'painter'],
    ['carpanter', 'carpenter'],
    ['weldng', 'welding'],
    ['mestry', 'mestri'],
    ['curent', 'current'],
    ['ప్లంబార్', 'ప్లంబర్'],
    ['ఎలక్ట్రిషియన్', 'ఎలక్ట్రీషియన్'],
    ['इलेक्ट्रिशियन', 'इलेक्ट्रीशियन'],
    ['पैंटर', 'पेंटर'],
  ] as const)('%s (one mistake) finds what %s finds', (typo, right) => {
    const found = search(typo)
    expect(found.length).toBeGreaterThan(0)
    expect(search(right)).toEqual(expect.arrayContaining(found))
    expect(serviceOf(found[0]!)).toBe(serviceOf(search(right)[0]!))
  })

  it('finds every service by its English, Telugu and Hindi names, and nothing of another trade first', () => {
    for (const service of INITIAL_SERVICES) {
      for (const [language, common] of Object.entries(byLanguage)) {
        const name = (common.services as Record<string, string>)[service]!
        const found = search(name)
        expect(found, `${language} ${name}`).toEqual(expect.arrayContaining(cardsOf(service)))
        expect(serviceOf(found[0]!), `${language} ${name}`).toBe(service)
      }
    }
  })

  it('finds every card of a service by each synonym listed for it, in every language', () => {
    for (const service of INITIAL_SERVICES) {
      for (const [language, catalog] of Object.entries(synonyms)) {
        const list = splitList((catalog.search.synonyms.services as Record<string, string>)[service])
        expect(list.length, `${language} synonyms of ${service}`).toBeGreaterThanOrEqual(3)
        for (const word of list) {
          expect(search(word), `${language} “${word}”`).toEqual(expect.arrayContaining(cardsOf(service)))
        }
      }
    }
  })

  it("keeps the seed's English titles: the English file says them exactly", () => {
    for (const card of CATALOG_CARDS) expect(enCatalog.cards[card.slug].title).toBe(card.title)
  })

  it('finds each card by its own title in each language, first', () => {
    for (const card of CATALOG_CARDS) {
      for (const [language, catalog] of Object.entries(synonyms)) {
        const title = (catalog.cards as Record<string, { title: string }>)[card.slug]!.title
        expect(search(title)[0], `${language} ${title}`).toBe(card.slug)
      }
    }
  })

  it("keeps the seed's search: every card whose title contains the text, in the catalog's order", () => {
    expect(search('PAINT').slice(0, 3)).toEqual(['wall-painter', 'premium-painting-service', 'painting-services'])
    for (const query of ['brick', 'Services', 'ing', 'a', 'Tools']) {
      const byTitle = CATALOG_CARDS.filter((c) => c.title.toLowerCase().includes(query.toLowerCase())).map(
        (c) => c.slug,
      )
      expect(search(query)).toEqual(expect.arrayContaining(byTitle))
    }
    expect(search('')).toEqual(CATALOG_CARDS.map((c) => c.slug))
    expect(search('   ')).toHaveLength(24)
  })

  it('needs every word, and finds nothing for words no service is called', () => {
    expect(search('wall painter')).toEqual(['wall-painter'])
    expect(search('zzzz')).toEqual([])
    expect(search('plumber zzzz')).toEqual([])
    // Three letters are never stretched by a mistake: "nal" is only what contains it.
    expect(search('nal')).toEqual(['plumbing-services', 'plumbing'])
  })

  it('reads text as people type it: case, spaces, joiners, nukta and chandrabindu', () => {
    expect(normalize('  PlumBer  ')).toBe('plumber')
    expect(normalize('స్విచ్\u200cలు')).toBe('స్విచ్లు')
    expect(normalize('सफ़ाई')).toBe(normalize('सफाई'))
    expect(normalize('सेवाएँ')).toBe(normalize('सेवाएं'))
    expect(splitList(' plumber, nalla ,, pipe ')).toEqual(['plumber', 'nalla', 'pipe'])
  })

  it('works with only the languages that have arrived', () => {
    const english = createServiceSearch(catalogSearchDocs({ en: resources.en }))
    expect(english('plumber')).toEqual(['plumbing-services', 'plumbing'])
    expect(english('ప్లంబర్')).toEqual([])
    const none = createServiceSearch(catalogSearchDocs({}))
    // With no translations at all, the seed's titles and the services' own names still work.
    expect(none('Carpenter')).toEqual(['carpenter'])
  })
})
