import { createHash } from 'node:crypto'
import { readFileSync } from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { bootFontRules, bootStrings, inlineEntryStylesheets, inlineScriptHashes, withBootStrings } from './first-paint'

const WEB = path.resolve(import.meta.dirname, '..')
const LOCALES = path.join(WEB, 'src/locales')
const say = (language: string, namespace: string, key: string) =>
  key
    .split('.')
    .reduce<unknown>(
      (node, part) => (node as Record<string, unknown>)[part],
      JSON.parse(readFileSync(path.join(LOCALES, language, `${namespace}.json`), 'utf8')),
    ) as string

/** index.html as the build writes it: the shell's words and fonts in place (build/first-paint.ts). */
function builtIndex(): string {
  const source = readFileSync(path.join(WEB, 'index.html'), 'utf8')
  const fonts = bootFontRules([
    'assets/noto-sans-telugu-telugu-400-normal-aB1.woff2',
    'assets/noto-sans-telugu-telugu-700-normal-aB2.woff2',
    'assets/noto-sans-devanagari-devanagari-400-normal-aB3.woff2',
    'assets/noto-sans-devanagari-devanagari-700-normal-aB4.woff2',
  ])
  return withBootStrings(source, bootStrings(LOCALES)).replace('</head>', `<style>${fonts}</style></head>`)
}

/**
 * The page parsed, with its inline scripts run in order, as a browser that has `saved` in
 * localStorage and prefers English, at `pathname`.
 */
function open(html: string, saved: string | undefined, pathname = '/'): Document {
  const document = new DOMParser().parseFromString(html, 'text/html')
  const localStorage = { getItem: (key: string) => (key === 'lang' ? (saved ?? null) : null) }
  const navigator = { languages: ['en-IN', 'en'], language: 'en-IN' }
  for (const script of document.querySelectorAll('script:not([src])')) {
    new Function('document', 'localStorage', 'navigator', 'location', script.textContent ?? '')(
      document,
      localStorage,
      navigator,
      { pathname },
    )
  }
  return document
}

describe("index.html's first-paint shell (decision 033)", () => {
  const html = builtIndex()

  it('holds the header with the logo, the language, and a skeleton of the screen', () => {
    const document = open(html, undefined)
    const shell = document.querySelector('#root [data-boot-shell]')
    expect(shell).not.toBeNull()
    expect(shell?.querySelector('header.site-header a.site-logo[href="/"] svg.site-logo__mark')).not.toBeNull()
    expect(shell?.querySelector('.site-logo__name')?.textContent).toBe('TownWorks')
    expect(shell?.querySelector('.language-switch .boot-select')?.textContent).toBe('English')
    expect(shell?.querySelector('h1')?.textContent).toBe(say('en', 'routes', 'home.title'))
    expect(shell?.querySelectorAll('.boot-tiles .boot-tile')).toHaveLength(10)
    expect(shell?.querySelector('.boot-generic .boot-title')).not.toBeNull()
    expect(document.documentElement.lang).toBe('en')
  })

  it.each(['te', 'hi'])('carries the first screen’s words in %s and shows them when that language is saved', (lng) => {
    for (const [namespace, key] of [
      ['routes', 'home.title'],
      ['home', 'search.label'],
      ['home', 'search.placeholder'],
      ['menu', 'menuButton'],
    ] as const) {
      expect(html).toContain(say(lng, namespace, key))
    }
    const document = open(html, lng)
    expect(document.documentElement.lang).toBe(lng)
    expect(document.documentElement.hasAttribute('data-boot-done')).toBe(true)
    expect(document.querySelector('h1')?.textContent).toBe(say(lng, 'routes', 'home.title'))
    expect(document.querySelector('.main-menu__panel-toggle')?.textContent?.trim()).toBe(say(lng, 'menu', 'menuButton'))
    expect(document.querySelector('.site-logo')?.getAttribute('aria-label')).toBe(say(lng, 'common', 'logoLabel'))
    expect(document.querySelector('[data-boot-shell]')?.textContent).not.toContain(say('en', 'home', 'search.label'))
  })

  it('shows a generic skeleton instead of the home page’s on other paths', () => {
    const document = open(html, 'te', '/imdDisplay')
    expect(document.querySelector('.boot-main')?.classList.contains('boot-other')).toBe(true)
  })

  it('names each inline script by the hash the Content-Security-Policy needs', () => {
    const hashes = inlineScriptHashes(html)
    const bodies = [...html.matchAll(/<script>([\s\S]*?)<\/script>/g)].map((match) => match[1] ?? '')
    expect(bodies).toHaveLength(2)
    expect(hashes).toEqual(
      bodies.map((body) => `'sha256-${createHash('sha256').update(body, 'utf8').digest('base64')}'`),
    )
    // The module entry (a file) needs none.
    expect(inlineScriptHashes('<script type="module" src="/assets/index.js"></script>')).toEqual([])
  })

  it('puts the entry stylesheet inside the page, leaving a link that is never fetched for Vite’s loader', () => {
    const page = '<head><link rel="stylesheet" crossorigin href="/assets/index-1.css"></head>'
    const styles: Record<string, string> = { 'assets/index-1.css': '.a{color:red}' }
    expect(inlineEntryStylesheets(page, (file) => styles[file])).toBe(
      '<head><style data-entry-css="/assets/index-1.css">.a{color:red}</style>' +
        '<link rel="stylesheet" href="/assets/index-1.css" disabled></head>',
    )
    // A stylesheet with relative addresses stays linked.
    expect(inlineEntryStylesheets(page, () => '.a{background:url(./a.png)}')).toBe(page)
  })

  it('loads the script faces from the files the app uses, only for their own characters', () => {
    expect(html).toContain("local('Noto Sans Telugu'), ")
    expect(html).toContain("url(/assets/noto-sans-telugu-telugu-400-normal-aB1.woff2) format('woff2')")
    expect(html).not.toContain('700-normal')
    expect(html).toMatch(/font-family: 'Noto Sans Telugu';[^}]*unicode-range: U\+0C00-0C7F/)
    expect(() => bootFontRules([])).toThrow(/no noto-sans-telugu-telugu-400-normal/)
  })
})
