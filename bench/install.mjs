// `npm run bench` installs its own tools first (decision 039): Lighthouse, Puppeteer and autocannon
// live in bench/package.json, outside the workspaces, so the root `npm ci` never downloads them.
// Installed again only when bench/package-lock.json changed since the last install.
import { spawnSync } from 'node:child_process'
import { existsSync, statSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'

const BENCH = dirname(fileURLToPath(import.meta.url))
const lock = join(BENCH, 'package-lock.json')
const installed = join(BENCH, 'node_modules/.package-lock.json')

if (existsSync(installed) && statSync(installed).mtimeMs >= statSync(lock).mtimeMs) process.exit(0)
console.log('[bench] installing its tools (Lighthouse, Puppeteer, autocannon) into bench/node_modules…')
const started = Date.now()
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm'
const result = spawnSync(npm, ['ci', '--no-audit', '--no-fund'], { cwd: BENCH, stdio: 'inherit' })
if (result.status !== 0) process.exit(result.status ?? 1)
console.log(`[bench] installed in ${((Date.now() - started) / 1000).toFixed(1)} s`)
