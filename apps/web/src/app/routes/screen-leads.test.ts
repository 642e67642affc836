import { readFileSync } from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import type { RouteId } from './route-titles'
import { SCREEN_LEADS, screenModuleName } from './screens'

// The server paints each of these leads in the first-paint shell (issue 24); the screen then draws its
// own. They must be the same words, or the page would change under the reader's eyes.
describe('the leads the shell paints are the ones the screens draw', () => {
  for (const [id, [namespace, key]] of Object.entries(SCREEN_LEADS) as [RouteId, readonly [string, string]][]) {
    it(`${id}: ${namespace}:${key}`, () => {
      const source = readFileSync(path.join(import.meta.dirname, `${screenModuleName(id)}.tsx`), 'utf8')
      expect(source).toContain(`useTranslation('${namespace}')`)
      expect(source).toMatch(new RegExp(`<Screen id="${id}" lead=\\{t\\('${key.replace('.', '\\.')}'\\)\\}`))
    })
  }
})
