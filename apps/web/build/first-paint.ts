import { createHash } from 'node:crypto'
import { readFileSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import type { Plugin } from 'vite'

/** Where index.html's boot script takes the shell's words (build/first-paint.ts fills it). */
export const BOOT_STRINGS_PLACEHOLDER = '__BOOT_STRINGS__'

/** The faces the app loads for each script (lib/language.ts), and the characters each one draws. */
const BOOT_FONTS = [
  {
    language: 'te',
    family: 'Noto Sans Telugu',
    file: 'noto-sans-telugu-telugu',
    range: 'U+0C00-0C7F, U+200C-200D, U+25CC',
  },
  {
    language: 'hi',
    family: 'Noto Sans Devanagari',
    file: 'noto-sans-devanagari-devanagari',
    range: 'U+0900-097F, U+1CD0-1CFF, U+200C-200D, U+20B9, U+25CC, U+A8E0-A8FF',
  },
] as const

/** The id of the shell's font rules' <style>, which the boot script and the language switch turn on. */
export const BOOT_FONTS_ID = 'boot-fonts'

/**
 * The shell's @font-face rules: the face installed on the device, else the same regular file the
 * app's font styles name (so nothing is fetched twice), limited to their script's characters (an
 * English page never fetches them), and the face first in the shell of its language, before system
 * fonts that draw boxes for Telugu in bold.
 */
export function bootFontRules(assetFiles: readonly string[]): string {
  return BOOT_FONTS.flatMap(({ language, family, file, range }) => {
    const asset = assetFiles.find((name) => new RegExp(`(^|/)${file}-400-normal-[\\w-]+\\.woff2$`).test(name))
    if (!asset) throw new Error(`first-paint: the build has no ${file}-400-normal woff2 file`)
    // One face, for every weight: bold is synthesized until the app's own faces arrive, so the shell
    // fetches half of what it would. A phone with the face installed (Android) fetches nothing.
    const local = [family, `${family} Regular`, `${family.replaceAll(' ', '')}-Regular`, `${family} UI`]
      .map((name) => `local('${name}')`)
      .join(', ')
    return [
      `@font-face { font-family: '${family}'; font-style: normal; font-display: swap; src: ${local}, url(/${asset}) format('woff2'); unicode-range: ${range}; }`,
      `html[data-boot-lang='${language}'] [data-boot-shell] { font-family: '${family}', var(--tw-system-fonts), sans-serif; }`,
    ]
  }).join('\n')
}

/**
 * index.html with the entry's stylesheets inside it instead of linked. A linked stylesheet holds
 * back the first paint, and every script after it, until it has arrived; on a slow line it shares
 * the bandwidth with the bundle the page preloads beside it, so the shell waited seconds for 2 kB.
 * Inline, the shell paints as soon as the page is in (decision 033). Only files without `url()`:
 * their relative addresses would change meaning.
 */
export function inlineEntryStylesheets(html: string, cssOf: (file: string) => string | undefined): string {
  return html.replace(/<link rel="stylesheet"(?: crossorigin)? href="\/([^"]+\.css)">/g, (link, file: string) => {
    const css = cssOf(file)
    if (css === undefined || /url\(/.test(css) || css.includes('</')) return link
    // The disabled link is never fetched, but tells Vite's loader, which adds a chunk's stylesheets
    // unless a <link rel="stylesheet"> with that href is in the page, that this one is in.
    return `<style data-entry-css="/${file}">${css}</style><link rel="stylesheet" href="/${file}" disabled>`
  })
}

/** The file the server reads for its Content-Security-Policy (apps/api/src/plugins/web-app.ts). */
export const INLINE_SCRIPT_HASHES_FILE = 'inline-script-hashes.json'

/** The languages whose words ship inside index.html; English is the shell's own markup. */
export const BOOT_LANGUAGES = ['te', 'hi'] as const

/** Each language's name in itself (as lib/language.ts's LANGUAGE_NAMES, for the switch's place). */
const LANGUAGE_NAMES: Record<(typeof BOOT_LANGUAGES)[number], string> = { te: 'తెలుగు', hi: 'हिन्दी' }

/**
 * The shell's words (its `data-t` keys) and where each comes from in the translation files: the
 * header and the home page's first screen, nothing more (decision 033).
 */
export const BOOT_KEYS = {
  logoLabel: ['common', 'logoLabel'],
  loading: ['common', 'loading'],
  menuButton: ['menu', 'menuButton'],
  title: ['routes', 'home.title'],
  lead: ['home', 'lead'],
  searchLabel: ['home', 'search.label'],
  searchPlaceholder: ['home', 'search.placeholder'],
  searchSubmit: ['home', 'search.submit'],
  categoriesTitle: ['home', 'categories.title'],
} as const

type BootStrings = Record<keyof typeof BOOT_KEYS | 'languageName', string>

/** The shell's words per language, read from src/locales/<lng>/<ns>.json; a missing key fails the build. */
export function bootStrings(localesDir: string): Record<string, BootStrings> {
  const read = (language: string, namespace: string) =>
    JSON.parse(readFileSync(path.join(localesDir, language, `${namespace}.json`), 'utf8')) as Record<string, unknown>
  const strings: Record<string, BootStrings> = {}
  for (const language of BOOT_LANGUAGES) {
    const entry = { languageName: LANGUAGE_NAMES[language] } as BootStrings
    for (const [key, [namespace, keyPath]] of Object.entries(BOOT_KEYS)) {
      const value = keyPath
        .split('.')
        .reduce<unknown>((node, part) => (node as Record<string, unknown>)?.[part], read(language, namespace))
      if (typeof value !== 'string') throw new Error(`first-paint: no text for ${namespace}:${keyPath} in ${language}`)
      entry[key as keyof typeof BOOT_KEYS] = value
    }
    strings[language] = entry
  }
  return strings
}

/** index.html with the shell's words in place of the boot script's placeholder. */
export function withBootStrings(html: string, strings: Record<string, BootStrings>): string {
  if (!html.includes(BOOT_STRINGS_PLACEHOLDER))
    throw new Error(`first-paint: index.html has no ${BOOT_STRINGS_PLACEHOLDER}`)
  // Inside a <script>: no "</" may close it early, whatever a translation holds.
  return html.replace(BOOT_STRINGS_PLACEHOLDER, () => JSON.stringify(strings).replaceAll('</', '<\\/'))
}

/** The CSP source of every inline script of a page (`'sha256-…'`), in the order they appear. */
export function inlineScriptHashes(html: string): string[] {
  return [...html.matchAll(/<script(\s[^>]*)?>([\s\S]*?)<\/script>/g)]
    .filter(([, attributes = '']) => !/\bsrc\s*=/.test(attributes))
    .map(([, , body = '']) => `'sha256-${createHash('sha256').update(body, 'utf8').digest('base64')}'`)
}

/**
 * The first paint (decision 033): puts the shell's Telugu and Hindi words into index.html's boot
 * script, and writes dist/inline-script-hashes.json, the hashes of the page's inline scripts, which
 * the server adds to its Content-Security-Policy (`script-src 'self'` refuses any other inline script).
 */
export function firstPaint(localesDir: string): Plugin {
  let outDir = ''
  return {
    name: 'townworks-first-paint',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir)
    },
    transformIndexHtml: {
      order: 'post',
      handler: (html, context) => {
        const withStrings = withBootStrings(html, bootStrings(localesDir))
        // In the dev server there is no bundle: the shell paints with the system fonts.
        const bundle = context.bundle
        if (!bundle) return withStrings
        return inlineEntryStylesheets(withStrings, (file) => {
          const asset = bundle[file]
          return asset?.type === 'asset' ? String(asset.source) : undefined
        }).replace(
          '</head>',
          // Off until the boot script turns them on for a Telugu or Hindi page: on an English page the
          // language switch's names would otherwise fetch both faces before the screen's content
          // (decision 058); the switch turns them on once that is drawn.
          () => `<style id="${BOOT_FONTS_ID}" media="not all">${bootFontRules(Object.keys(bundle))}</style></head>`,
        )
      },
    },
    writeBundle() {
      const html = readFileSync(path.join(outDir, 'index.html'), 'utf8')
      writeFileSync(path.join(outDir, INLINE_SCRIPT_HASHES_FILE), `${JSON.stringify(inlineScriptHashes(html))}\n`)
    },
  }
}
