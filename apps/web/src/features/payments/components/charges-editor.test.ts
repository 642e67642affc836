import { describe, expect, it } from 'vitest'
import { rupeesToPaise } from './charges-editor'

describe('rupees typed by a person', () => {
  it.each([
    ['450', 45000],
    ['450.5', 45050],
    ['450.50', 45050],
    [' 0.05 ', 5],
  ])('%s is %i paise', (text, paise) => {
    expect(rupeesToPaise(text)).toBe(paise)
  })

  it.each(['', 'abc', '0', '-5', '1.234', '1,000', '123456789'])('refuses %j', (text) => {
    expect(rupeesToPaise(text)).toBeUndefined()
  })
})
