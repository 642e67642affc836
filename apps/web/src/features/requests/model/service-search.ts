import uFuzzy from '@leeoniya/ufuzzy'
import { CATALOG_CARDS, type CatalogCardSlug } from '@townworks/contract/catalog'
import { LANGUAGES, type Language } from '@townworks/contract/constants'

/**
 * Finding a catalog card by what a person types, in any of our three scripts or in Latin letters:
 * its title, its service, their Telugu and Hindi names, and the synonym lists
 * translators keep in `catalog.json` (`search.synonyms.services.<service>` and
 * `search.synonyms.cards.<slug>`, comma-separated). One small spelling mistake is forgiven
 * (uFuzzy's single-error mode, decision 026). Pure: the screens pass in the translations they have.
 */

/**
 * What a card is called and known as, as the search compares it (`normalize`d); built by
 * `catalogSearchDocs`. A title matches anywhere inside it, as the seed's search did; every other
 * name only from the start of one of its words, so "rang" (colour) finds no vadrangi (carpenter).
 */
export interface SearchDoc {
  slug: CatalogCardSlug
  titles: readonly string[]
  names: readonly string[]
}

/** The parts of the translation files the search reads, per language (any may still be missing). */
export interface SearchResources {
  common?: { services?: Record<string, string> }
  catalog?: {
    cards?: Record<string, { title?: string }>
    search?: { synonyms?: { services?: Record<string, string>; cards?: Record<string, string> } }
  }
}

/** A word shorter than this (in characters) must be found as typed: one error in 3 letters finds too much. */
export const FUZZY_MIN_LENGTH = 4

/**
 * Text as the search compares it: Unicode NFC, lower case, no zero-width joiners (Telugu keyboards
 * put them in some conjuncts), Hindi's nukta dropped and chandrabindu read as anusvara (फ़/फ,
 * ँ/ं are typed both ways), and runs of spaces as one.
 */
export function normalize(text: string): string {
  return text
    .normalize('NFC')
    .toLowerCase()
    .replace(/\u200b|\u200c|\u200d|\u093c/g, '')
    .replace(/\u0901/g, '\u0902')
    .replace(/\s+/g, ' ')
    .trim()
}

/** A synonym list as translators write it: "plumber, nalla, pipe" (commas, Telugu and Hindi ones too). */
export function splitList(list: string | undefined): string[] {
  return (list ?? '')
    .split(/[,،、।]/)
    .map((item) => item.trim())
    .filter(Boolean)
}

/** Every card with all it is called in the languages whose files have arrived. */
export function catalogSearchDocs(resources: Partial<Record<Language, SearchResources>>): SearchDoc[] {
  return CATALOG_CARDS.map((card) => {
    const titles = new Set<string>([card.title])
    const names = new Set<string>([card.service])
    for (const language of LANGUAGES) {
      const { common, catalog } = resources[language] ?? {}
      const title = catalog?.cards?.[card.slug]?.title
      if (title) titles.add(title)
      const service = common?.services?.[card.service]
      if (service) names.add(service)
      for (const word of splitList(catalog?.search?.synonyms?.services?.[card.service])) names.add(word)
      for (const word of splitList(catalog?.search?.synonyms?.cards?.[card.slug])) names.add(word)
    }
    return { slug: card.slug, titles: [...titles].map(normalize), names: [...names].map(normalize) }
  })
}

/** The words of a text: runs of letters (with their vowel signs), digits and apostrophes. */
function wordsOf(text: string): string[] {
  return text.split(/[^\p{L}\p{M}\p{N}']+/u).filter((word) => /[\p{L}\p{N}]/u.test(word))
}

// What a word is made of: Latin letters, digits, the apostrophe, and Devanagari and Telugu (letters
// and vowel signs). Plain ranges, not uFuzzy's `unicode` mode: its \p{…} expressions take ~100 ms to
// compile for every new word typed; these take about 1 ms.
const LETTERS = "a-z\\d'\\u0900-\\u097f\\u0c00-\\u0c7f"
const FUZZY_OPTIONS: uFuzzy.Options = {
  interSplit: `[^${LETTERS}]+`,
  intraSplit: `[^${LETTERS}]+`,
  intraChars: `[${LETTERS}]`,
  intraMode: 1,
  intraIns: 1,
  intraSub: 1,
  intraTrn: 1,
  intraDel: 1,
}

/**
 * A search over these documents: the slugs of the cards that match every word of the query as
 * typed, those called exactly the query first (by title, then by another name), then in the
 * catalog's order.
 * Only when no card matches as typed, the cards found by forgiving one mistake in a word (of at
 * least FUZZY_MIN_LENGTH letters), in the catalog's order. An empty query finds every card. A card
 * whose title contains the query (the seed's search) is always found.
 */
export function createServiceSearch(docs: readonly SearchDoc[]): (query: string) => CatalogCardSlug[] {
  const fuzzy = new uFuzzy(FUZZY_OPTIONS)
  const nameWords = docs.map((doc) => doc.names.flatMap(wordsOf))
  const plainly = (i: number, word: string) =>
    docs[i]!.titles.some((title) => title.includes(word)) || nameWords[i]!.some((name) => name.startsWith(word))
  // Every word any card is called by, once, with the cards it belongs to: the fuzzy matcher compares
  // short words (fast), and a mistake is forgiven only in a match that starts a word.
  const cardsOfWord = new Map<string, Set<number>>()
  docs.forEach((doc, i) => {
    for (const word of [...doc.titles.flatMap(wordsOf), ...nameWords[i]!]) {
      cardsOfWord.set(word, (cardsOfWord.get(word) ?? new Set()).add(i))
    }
  })
  const vocabulary = [...cardsOfWord.keys()]
  const nearly = (word: string): Set<number> => {
    const near = new Set<number>()
    if ([...word].length < FUZZY_MIN_LENGTH) return near
    // No match answers no info, or (when nothing passed the filter) an info without entries.
    const [, info] = fuzzy.search(vocabulary, word, 0, Infinity)
    const matched: readonly number[] = info?.idx ?? []
    matched.forEach((index, k) => {
      if (info!.start[k] === 0) for (const i of cardsOfWord.get(vocabulary[index]!)!) near.add(i)
    })
    return near
  }
  const all = docs.map((_, i) => i)

  return (query) => {
    const whole = normalize(query)
    const words = wordsOf(whole)
    if (words.length === 0) return docs.map((doc) => doc.slug)
    const found = all.filter((i) => words.every((word) => plainly(i, word)))
    if (found.length > 0) {
      // A card called exactly this comes first: its title, then one of its other names.
      const exact = (i: number) => (docs[i]!.titles.includes(whole) ? 2 : docs[i]!.names.includes(whole) ? 1 : 0)
      return found.sort((a, b) => exact(b) - exact(a) || a - b).map((i) => docs[i]!.slug)
    }
    const near = words.map(nearly)
    return all.filter((i) => words.every((word, w) => plainly(i, word) || near[w]!.has(i))).map((i) => docs[i]!.slug)
  }
}
