import { describe, expect, it } from 'vitest'
import { contrastRatio, DARK_TEXT, LIGHT_TEXT, parseHexColor, readableTextColor } from './node-colors'

describe('node colours', () => {
  it('reads #rgb and #rrggbb and nothing else', () => {
    expect(parseHexColor('#eee')).toEqual([238, 238, 238])
    expect(parseHexColor(' #1C4F86 ')).toEqual([28, 79, 134])
    expect(parseHexColor('#ee')).toBeUndefined()
    expect(parseHexColor('red')).toBeUndefined()
  })

  it('picks the text colour that keeps a node label readable (4.5:1 or better)', () => {
    for (const background of [
      '#eee',
      '#ffffff',
      '#fcd34d',
      '#1c4f86',
      '#000',
      '#b91c1c',
      '#777777',
      '#808080',
      '#3b82f6',
    ]) {
      const text = readableTextColor(background)
      expect([DARK_TEXT, LIGHT_TEXT]).toContain(text)
      expect(contrastRatio(background, text)).toBeGreaterThanOrEqual(4.5)
    }
    expect(readableTextColor('#eee')).toBe(DARK_TEXT)
    expect(readableTextColor('#000000')).toBe(LIGHT_TEXT)
    expect(readableTextColor('not a colour')).toBe(DARK_TEXT)
  })
})
