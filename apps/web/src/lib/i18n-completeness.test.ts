import { readdirSync, readFileSync } from 'node:fs'
import { join, relative } from 'node:path'
import ts from 'typescript'
import { describe, expect, it } from 'vitest'

/**
 * Every English key has its Telugu and Hindi text (and no language has keys English lacks), with
 * the same {{placeholders}}, written in the language's script; and no component renders a literal
 * English string instead of a translation key.
 */

const SRC = join(import.meta.dirname, '..')
const LOCALES = join(SRC, 'locales')
const TRANSLATED = ['te', 'hi'] as const
const SCRIPT: Record<(typeof TRANSLATED)[number], RegExp> = { te: /[\u0C00-\u0C7F]/, hi: /[\u0900-\u097F]/ }

type Json = string | number | boolean | null | Json[] | { [key: string]: Json }

function flatten(value: Json, prefix = '', out = new Map<string, string>()): Map<string, string> {
  if (typeof value === 'string') out.set(prefix, value)
  else if (Array.isArray(value)) value.forEach((item, i) => flatten(item, `${prefix}[${i}]`, out))
  else if (value && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) flatten(item, prefix ? `${prefix}.${key}` : key, out)
  } else out.set(prefix, String(value))
  return out
}

const read = (language: string, namespace: string) =>
  flatten(JSON.parse(readFileSync(join(LOCALES, language, `${namespace}.json`), 'utf8')) as Json)

const namespaces = (language: string) =>
  readdirSync(join(LOCALES, language))
    .filter((file) => file.endsWith('.json'))
    .map((file) => file.slice(0, -'.json'.length))
    .sort()

const placeholders = (text: string) => [...text.matchAll(/\{\{\s*([\w.]+)[^}]*\}\}/g)].map((m) => m[1]).sort()

// Words that stay in Latin letters in every language: the brand, acronyms, other companies' names.
const KEPT_WORDS =
  /\b(TownWorks|TownWorks Services Pvt\. Ltd\.|SMS|GSTIN|CIN|ID|UPI|OTP|DLT|WhatsApp|Facebook|Instagram|YouTube|LinkedIn|Twilio|Razorpay|yyyy-MM-dd|HH:MM(:SS)?|X|React|Flow|Id|PIN)\b/g

describe('translations are complete', () => {
  const english = namespaces('en')

  it.each(TRANSLATED)('%s has exactly the English namespaces', (language) => {
    expect(namespaces(language)).toEqual(english)
  })

  describe.each(TRANSLATED)('%s', (language) => {
    it.each(english)('%s: same keys, same placeholders, real text in the script', (namespace) => {
      const source = read('en', namespace)
      const target = read(language, namespace)
      expect([...target.keys()].sort(), `keys of ${language}/${namespace}.json`).toEqual([...source.keys()].sort())
      for (const [key, text] of source) {
        const translated = target.get(key) ?? ''
        expect(placeholders(translated), `${language}/${namespace}:${key} placeholders`).toEqual(placeholders(text))
        if (text.trim() !== '') expect(translated.trim(), `${language}/${namespace}:${key} is empty`).not.toBe('')
        const words = translated.replace(/\{\{[^}]*\}\}/g, '').replace(KEPT_WORDS, '')
        if (/[A-Za-z]{2,}/.test(words)) {
          expect(translated, `${language}/${namespace}:${key} is not written in the language`).toMatch(SCRIPT[language])
        }
      }
    })
  })
})

// ---- literal strings in components --------------------------------------------------------------

/** JSX attributes people read or hear; a literal with letters in them is untranslated text. */
const TEXT_ATTRIBUTES = new Set([
  'aria-label',
  'aria-description',
  'title',
  'alt',
  'placeholder',
  'label',
  'description',
])

/** Literals that are deliberately not translated (file:text). Keep it short. */
const ALLOWED = new Set<string>([
  // The brand name beside the logo is the same in every language.
])

function tsxFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name)
    if (entry.isDirectory()) return entry.name === 'locales' ? [] : tsxFiles(path)
    return entry.name.endsWith('.tsx') && !entry.name.includes('.test.') ? [path] : []
  })
}

function literalStrings(file: string, text = readFileSync(file, 'utf8')): string[] {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, ts.ScriptKind.TSX)
  const found: string[] = []
  const hasLetters = (text: string) => /\p{L}{2,}/u.test(text)
  const visit = (node: ts.Node) => {
    if (ts.isJsxText(node)) {
      const text = node.text.replace(/\s+/g, ' ').trim()
      if (hasLetters(text)) found.push(text)
    } else if (ts.isJsxAttribute(node) && node.initializer) {
      const name = node.name.getText(source)
      const init = node.initializer
      const literal = ts.isStringLiteral(init)
        ? init.text
        : ts.isJsxExpression(init) && init.expression && ts.isStringLiteralLike(init.expression)
          ? init.expression.text
          : undefined
      if (literal !== undefined && TEXT_ATTRIBUTES.has(name) && hasLetters(literal)) found.push(`${name}="${literal}"`)
    }
    ts.forEachChild(node, visit)
  }
  visit(source)
  const relativePath = relative(SRC, file)
  return found.filter((text) => !ALLOWED.has(`${relativePath}:${text}`)).map((text) => `${relativePath}: ${text}`)
}

describe('components render translation keys, not literal text', () => {
  it('the scan finds literal text and readable attributes, and lets keys and symbols pass', () => {
    const sample = `export const A = () => (
      <p title="Hello there" data-x="plain">Book a plumber <b>{t('ok')}</b> · 42 <Icon aria-label={'Close'} /></p>
    )`
    expect(literalStrings(join(SRC, 'sample.tsx'), sample)).toEqual([
      'sample.tsx: title="Hello there"',
      'sample.tsx: Book a plumber',
      'sample.tsx: aria-label="Close"',
    ])
  })

  it('no JSX text or readable attribute is a literal with letters', () => {
    const literals = tsxFiles(SRC).flatMap((file) => literalStrings(file))
    expect(literals).toEqual([])
  })
})
