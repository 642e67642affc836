import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { introHtml, languageOf, routeMatcher, routePreloadPages, SHELL_TITLE_BAR } from './route-preloads'

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

describe("a screen's title and lead in the first-paint shell (issue 24)", () => {
  it('holds every language, each marked with its lang, the words escaped', () => {
    const html = introHtml({
      en: { title: 'Skilled Workers', lead: 'Book <b>them</b> & "keep" them' },
      te: { title: 'నైపుణ్య కార్మికులు', lead: 'బుక్ చేయండి' },
    })
    expect(html).toBe(
      '<div class="page__intro boot-intro">' +
        '<div lang="en"><h1 class="page__title">Skilled Workers</h1><p class="page__lead">Book &lt;b&gt;them&lt;/b&gt; &amp; &quot;keep&quot; them</p></div>' +
        '<div lang="te"><h1 class="page__title">నైపుణ్య కార్మికులు</h1><p class="page__lead">బుక్ చేయండి</p></div>' +
        '</div>',
    )
  })

  it('takes the place of the skeleton’s title bar on a screen that has one, and only there', () => {
    const root = mkdtempSync(path.join(tmpdir(), 'tw-preloads-'))
    writeFileSync(
      path.join(root, 'index.html'),
      `<html><head></head><body><div class="boot-generic">${SHELL_TITLE_BAR}<span class="boot-bar"></span></div></body></html>`,
    )
    const preload = { js: [], css: [], languages: { en: [] } }
    writeFileSync(
      path.join(root, 'route-preloads.json'),
      JSON.stringify({
        '/swl': { ...preload, intro: { en: { title: 'Skilled Workers', lead: 'Book one' } } },
        '/login': preload,
      }),
    )
    const pageOf = routePreloadPages(root)
    const swl = pageOf('/swl', 'en')!.text as string
    expect(swl).toContain(
      '<div lang="en"><h1 class="page__title">Skilled Workers</h1><p class="page__lead">Book one</p></div>',
    )
    expect(swl).not.toContain(SHELL_TITLE_BAR)
    expect(swl).toContain('<span class="boot-bar"></span>')
    expect(pageOf('/login', 'en')!.text as string).toContain(SHELL_TITLE_BAR)
  })
})
