import { readFileSync } from 'node:fs'
import * as nodeModule from 'node:module'

/**
 * The fonts a document is printed in, as @font-face rules with the font files inline (data: URLs):
 * the page loads nothing from anywhere (decision 062). Noto Sans for Latin (with ₹ in its
 * latin-ext part), Telugu and Devanagari, in regular and bold, from the same @fontsource packages
 * the web app uses. A customer's name or address may be in any of the three scripts whatever the
 * document's language, so all are declared; each unicode-range keeps a face to its own letters, and
 * Chromium embeds in the PDF only the glyphs a page uses.
 */
const FACES = [
  {
    pkg: 'noto-sans-telugu',
    subset: 'latin',
    range:
      'U+0000-00FF,U+0131,U+0152-0153,U+02BB-02BC,U+02C6,U+02DA,U+02DC,U+2000-206F,U+20AC,U+2122,U+2212,U+FEFF,U+FFFD',
  },
  {
    pkg: 'noto-sans-telugu',
    subset: 'latin-ext',
    range: 'U+0100-02BA,U+02BD-02C5,U+02C7-02CC,U+02CE-02D7,U+02DD-02FF,U+20A0-20AB,U+20AD-20C0,U+2113',
  },
  {
    pkg: 'noto-sans-telugu',
    subset: 'telugu',
    range: 'U+0951-0952,U+0964-0965,U+0C00-0C7F,U+1CDA,U+1CF2,U+200C-200D,U+25CC',
  },
  {
    pkg: 'noto-sans-devanagari',
    subset: 'devanagari',
    range: 'U+0900-097F,U+1CD0-1CF9,U+200C-200D,U+20A8,U+20F0,U+25CC,U+A830-A839,U+A8E0-A8FF',
  },
] as const
const WEIGHTS = [400, 700] as const

/** The font family the document's CSS names. */
export const DOCUMENT_FONT_FAMILY = 'TownWorks Document'

let css: string | undefined

/** The @font-face rules, read from node_modules once per process. */
export function documentFontFaces(): string {
  if (css !== undefined) return css
  const require = nodeModule.createRequire(import.meta.url)
  const rules: string[] = []
  for (const face of FACES) {
    for (const weight of WEIGHTS) {
      const file = require.resolve(`@fontsource/${face.pkg}/files/${face.pkg}-${face.subset}-${weight}-normal.woff2`)
      const data = readFileSync(file).toString('base64')
      rules.push(
        `@font-face{font-family:'${DOCUMENT_FONT_FAMILY}';font-style:normal;font-weight:${weight};` +
          `src:url(data:font/woff2;base64,${data}) format('woff2');unicode-range:${face.range}}`,
      )
    }
  }
  css = rules.join('\n')
  return css
}
