import { join } from 'node:path'
import { ESLint } from 'eslint'
import { describe, expect, it } from 'vitest'

// The fixture tree mirrors the real paths, so the zones of eslint.config.js apply to it as they do to
// the code (its own eslint.config.js is the repository's, rooted there); the normal lint run ignores it.
const root = join(import.meta.dirname, 'fixtures')
const eslint = new ESLint({ cwd: root, overrideConfigFile: join(root, 'eslint.config.js') })

/** Each rule and message lint reports for one fixture file. */
async function problemsOf(file: string): Promise<string[]> {
  const [result] = await eslint.lintFiles([join(root, file)])
  if (!result) throw new Error(`lint skipped ${file}`)
  return result.messages.map((m) => `${m.ruleId ?? 'parser'}: ${m.message}`)
}

const TEST_HELPER = 'no-restricted-imports: .* Production code never imports test helpers\\.'
const REFUSED: [string, string, RegExp][] = [
  ['an import cycle (.ts)', 'apps/api/src/shared/cycle-a.ts', /^import-x\/no-cycle: Dependency cycle detected$/],
  [
    'an import cycle (.tsx)',
    'apps/web/src/features/workers/cycle-a.tsx',
    /^import-x\/no-cycle: Dependency cycle detected$/,
  ],
  [
    'components/ importing a feature',
    'apps/web/src/components/bad-imports-feature.tsx',
    /^import-x\/no-restricted-paths: .* components\/ knows no domain/,
  ],
  [
    'a feature importing another feature',
    'apps/web/src/features/workers/bad-imports-other-feature.tsx',
    /^import-x\/no-restricted-paths: .* A feature never imports another feature/,
  ],
  [
    'a routes file importing a repository',
    'apps/api/src/modules/tasks/bad-imports-repository.routes.ts',
    /^no-restricted-imports: '\.\/tasks\.repository' .* A routes file calls its service, never a repository\.$/,
  ],
  [
    'a service importing fastify',
    'apps/api/src/modules/tasks/bad-imports-fastify.service.ts',
    /^no-restricted-imports: 'fastify' .* Only routes files speak HTTP/,
  ],
  [
    'a service importing http/',
    'apps/api/src/modules/tasks/bad-imports-http.service.ts',
    /^no-restricted-imports: '\.\.\/\.\.\/http\/route' .* Only routes files speak HTTP/,
  ],
  [
    'a service importing Drizzle',
    'apps/api/src/modules/tasks/bad-imports-drizzle.service.ts',
    /^no-restricted-imports: 'drizzle-orm' .* Only repositories and db\/ touch Drizzle\.$/,
  ],
  [
    "a module importing another module's repository",
    'apps/api/src/modules/tasks/bad-imports-other-repository.service.ts',
    /^import-x\/no-restricted-paths: .* A module reaches another only through that module's service\.$/,
  ],
  ['shared/ importing test/', 'apps/api/src/shared/bad-imports-test-helper.ts', new RegExp(TEST_HELPER)],
  // The modules/ block once replaced the wider ban and let testing/ through.
  [
    'a service importing its testing/ helper',
    'apps/api/src/modules/tasks/bad-imports-testing.service.ts',
    new RegExp(TEST_HELPER),
  ],
  [
    'a web feature importing testing/',
    'apps/web/src/features/workers/bad-imports-testing.tsx',
    new RegExp(TEST_HELPER),
  ],
]

const CLEAN = [
  'apps/api/src/modules/tasks/tasks.routes.ts',
  'apps/api/src/modules/tasks/tasks.service.ts',
  'apps/api/src/modules/tasks/tasks.repository.ts',
  'apps/web/src/features/workers/worker-card.tsx',
  'apps/web/src/features/assignments/assignment-card.tsx',
]

describe('lint refuses each wrong import', () => {
  it.each(REFUSED)('%s', async (_name, file, expected) => {
    const problems = await problemsOf(file)
    expect(problems).toHaveLength(1)
    expect(problems[0]).toMatch(expected)
  })

  it.each(CLEAN)('passes %s', async (file) => {
    expect(await problemsOf(file)).toEqual([])
  })
})
