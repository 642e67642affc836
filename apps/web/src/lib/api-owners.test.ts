import { endpoints, type EndpointName } from '@townworks/contract'
import { readdirSync, readFileSync } from 'node:fs'
import { join, relative } from 'node:path'
import { describe, expect, it } from 'vitest'
import { API_ROUTES } from './api-route-table'
import { OFFICE_API_ROUTES } from './api-route-table-office'
import { NOT_CALLED_BY_WEB } from './api-routes'

// One owner per endpoint (docs/architecture.md): each endpoint the web calls is called from exactly
// one module, through `api.call('<name>'` (a file's address: `fileUrl<'<name>'>`) (the client's own renewal reads `SHELL_ROUTES.refresh`), and
// every query key comes from a factory of lib/query-keys.ts.

const SRC = join(import.meta.dirname, '..')

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name)
    if (entry.isDirectory()) return sourceFiles(path)
    const production = /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) && !/\.d\.ts$/.test(entry.name)
    return production && !path.includes(`${join('src', 'testing')}`) ? [path] : []
  })
}

/** A file's code without its comment lines (a doc comment may show a call as an example). */
const code = (text: string) =>
  text
    .split('\n')
    .filter((line) => !/^\s*(\*|\/\/|\/\*)/.test(line))
    .join('\n')

/** Where the routes are written down (every other file calls through api.call). */
const ROUTE_FILES = new Set(
  ['api-routes.ts', 'api-route-table.ts', 'api-route-table-office.ts'].map((f) => join('lib', f)),
)

const files = sourceFiles(SRC).map((path) => ({ path: relative(SRC, path), text: code(readFileSync(path, 'utf8')) }))

function owners(): Map<string, string[]> {
  const byName = new Map<string, string[]>()
  for (const { path, text } of files) {
    if (ROUTE_FILES.has(path)) continue
    const names = new Set<string>()
    for (const match of text.matchAll(/(?:api\.call\(|fileUrl<)\s*'(\w+)'/g)) names.add(match[1] ?? '')
    for (const match of text.matchAll(/(?:API_ROUTES|SHELL_ROUTES)\.(\w+)/g)) names.add(match[1] ?? '')
    for (const name of names) byName.set(name, [...(byName.get(name) ?? []), path])
  }
  return byName
}

describe('one owner per endpoint', () => {
  const contractNames = Object.keys(endpoints).sort()
  const byName = owners()
  // The files a screen saves (decision 045) have owners like the calls: `fileUrl<'<name>'>(path…)`.
  const fileNames = [...byName.keys()].filter((name) => name.startsWith('export'))
  const webNames = [...Object.keys(API_ROUTES), ...Object.keys(OFFICE_API_ROUTES), ...fileNames].sort()

  it('accounts for every endpoint of the contract: called by the web, or listed as not called', () => {
    const notCalled: readonly EndpointName[] = NOT_CALLED_BY_WEB
    expect([...webNames, ...notCalled].sort()).toEqual(contractNames)
    expect(webNames.filter((name) => notCalled.includes(name as EndpointName))).toEqual([])
  })

  it('calls each endpoint from exactly one module', () => {
    const problems = webNames
      .map((name) => ({ name, owners: byName.get(name) ?? [] }))
      .filter((entry) => entry.owners.length !== 1)
    expect(problems).toEqual([])
    expect([...byName.keys()].filter((name) => !webNames.includes(name))).toEqual([])
  })

  it('calls the API only through api.call: no string paths', () => {
    const offenders = files
      // A file's path is named where its owner types it: fileUrl<'<name>'>('/api/…').
      .filter(({ text }) =>
        /\bapi\.(get|post|put|patch|delete)\b|['`]\/api\//.test(text.replace(/fileUrl<'\w+'>\(\s*'\/api\//g, '')),
      )
      .map(({ path }) => path)
      .filter((path) => !ROUTE_FILES.has(path))
    expect(offenders).toEqual([])
  })

  it('takes every query key from a factory in lib/query-keys.ts', () => {
    const inline = files.filter(({ text }) => /queryKey:\s*\[/.test(text)).map(({ path }) => path)
    expect(inline).toEqual([])
  })
})
