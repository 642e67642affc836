/** The shortest CSS hex colours a user types: #rgb or #rrggbb. */
const HEX = /^#(?:[0-9a-f]{3}|[0-9a-f]{6})$/i

/** [r, g, b] of a #rgb or #rrggbb colour, or undefined for anything else. */
export function parseHexColor(value: string): [number, number, number] | undefined {
  const text = value.trim()
  if (!HEX.test(text)) return undefined
  const digits = text.length === 4 ? [...text.slice(1)].map((d) => d + d).join('') : text.slice(1)
  return [0, 2, 4].map((i) => parseInt(digits.slice(i, i + 2), 16)) as [number, number, number]
}

/** WCAG relative luminance of an sRGB colour. */
function luminance([r, g, b]: [number, number, number]): number {
  const [lr, lg, lb] = [r, g, b].map((channel) => {
    const c = channel / 255
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4
  }) as [number, number, number]
  return 0.2126 * lr + 0.7152 * lg + 0.0722 * lb
}

/** WCAG contrast ratio of two hex colours (1 to 21); undefined when either cannot be read. */
export function contrastRatio(a: string, b: string): number | undefined {
  const ca = parseHexColor(a)
  const cb = parseHexColor(b)
  if (!ca || !cb) return undefined
  const [hi, lo] = [luminance(ca), luminance(cb)].sort((x, y) => y - x) as [number, number]
  return (hi + 0.05) / (lo + 0.05)
}

// Black and white: for any background one of them reaches at least 4.58:1.
export const DARK_TEXT = '#000000'
export const LIGHT_TEXT = '#ffffff'

/** The text colour (dark or white) that reads best on a background; dark when it cannot be read. */
export function readableTextColor(background: string): string {
  const onDark = contrastRatio(background, LIGHT_TEXT)
  const onLight = contrastRatio(background, DARK_TEXT)
  if (onDark === undefined || onLight === undefined) return DARK_TEXT
  return onDark > onLight ? LIGHT_TEXT : DARK_TEXT
}
