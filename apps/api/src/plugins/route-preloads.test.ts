import { describe, expect, it } from 'vitest'
import { languageOf, routeMatcher } from './route-preloads'

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

describe('the route a path is a screen of', () => {
  const routeOf = routeMatcher(['/', '/ts', '/jobs/:taskId', '/a.b/:id/edit'])
  it('is the path itself, or the pattern whose segments it fills', () => {
    expect(routeOf('/')).toBe('/')
    expect(routeOf('/ts')).toBe('/ts')
    expect(routeOf('/jobs/45')).toBe('/jobs/:taskId')
    expect(routeOf('/a.b/7/edit')).toBe('/a.b/:id/edit')
  })
  it('is nothing for a path no route names: a missing or extra segment, or a dot taken literally', () => {
    expect(routeOf('/jobs')).toBeUndefined()
    expect(routeOf('/jobs/')).toBeUndefined()
    expect(routeOf('/jobs/45/more')).toBeUndefined()
    expect(routeOf('/axb/7/edit')).toBeUndefined()
    expect(routeOf('/nowhere')).toBeUndefined()
  })
})
