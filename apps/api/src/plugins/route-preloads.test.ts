import { describe, expect, it } from 'vitest'
import { languageOf } from './route-preloads'

describe("a page's language from Accept-Language", () => {
  const languages = ['en', 'te', 'hi']
  it('takes the most preferred language we have, by q then by order', () => {
    expect(languageOf('te-IN,te;q=0.9,en;q=0.8', languages)).toBe('te')
    expect(languageOf('fr-FR, hi;q=0.7, en;q=0.9', languages)).toBe('en')
    expect(languageOf('en;q=0.5, hi', languages)).toBe('hi')
    expect(languageOf('HI-in', languages)).toBe('hi')
  })
  it('falls back to English for nothing, nonsense, refusals and languages we do not have', () => {
    expect(languageOf(undefined, languages)).toBe('en')
    expect(languageOf('', languages)).toBe('en')
    expect(languageOf('fr, de;q=0.5', languages)).toBe('en')
    expect(languageOf('te;q=0', languages)).toBe('en')
    expect(languageOf(';;;,q=abc', languages)).toBe('en')
    expect(languageOf('te', ['en'])).toBe('en')
  })
})
