import { existsSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

/**
 * Find `relative` in the nearest ancestor of this module's folder that has it. The same code runs
 * from src/ (tests, tsx) and from the bundled dist/, so fixed relative paths would break one of them.
 */
export function findUp(relative: string, from: string = path.dirname(fileURLToPath(import.meta.url))): string {
  let dir = from
  for (;;) {
    const candidate = path.join(dir, relative)
    if (existsSync(candidate)) return candidate
    const parent = path.dirname(dir)
    if (parent === dir) throw new Error(`Could not find ${relative} above ${from}`)
    dir = parent
  }
}
