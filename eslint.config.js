// @ts-check
import { readdirSync } from 'node:fs'
import js from '@eslint/js'
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript'
import importX from 'eslint-plugin-import-x'
import reactHooks from 'eslint-plugin-react-hooks'
import globals from 'globals'
import tseslint from 'typescript-eslint'

/** Sub-folders of a folder, or none when it does not exist yet. @param {string} dir */
const foldersOf = (dir) => {
  try {
    return readdirSync(new URL(dir, import.meta.url), { withFileTypes: true })
      .filter((d) => d.isDirectory())
      .map((d) => d.name)
  } catch {
    return []
  }
}

const TESTS = ['**/*.test.ts', '**/*.test.tsx', '**/test/**', '**/testing/**', '**/e2e/**']

// The rooms of ARCHITECTURE.md: imports flow one way, and lint says so.
const webFeatures = foldersOf('./apps/web/src/features/')
const apiModules = foldersOf('./apps/api/src/modules/')

const webZones = [
  {
    target: './apps/web/src/components',
    from: ['./apps/web/src/features', './apps/web/src/app'],
    message: 'components/ knows no domain and no app: move what you need down.',
  },
  {
    target: './apps/web/src/lib',
    from: ['./apps/web/src/features', './apps/web/src/app', './apps/web/src/components'],
    message: 'lib/ sits below features, app and components.',
  },
  {
    target: './apps/web/src/features',
    from: ['./apps/web/src/app'],
    message: 'A feature never imports the app; the route composes features.',
  },
  ...webFeatures.map((f) => ({
    target: `./apps/web/src/features/${f}`,
    from: './apps/web/src/features',
    except: [`./${f}`],
    message: 'A feature never imports another feature: move what both need into components/, lib/ or the contract.',
  })),
]

const apiZones = [
  {
    target: './apps/api/src/db',
    from: ['./apps/api/src/modules', './apps/api/src/http', './apps/api/src/plugins'],
    message: 'db/ sits below the modules.',
  },
  {
    target: './apps/api/src/shared',
    from: ['./apps/api/src/modules', './apps/api/src/http', './apps/api/src/plugins'],
    message: 'shared/ holds no domain rules.',
  },
  ...apiModules.flatMap((m) => [
    {
      target: `./apps/api/src/modules/${m}`,
      from: './apps/api/src/modules',
      except: [`./${m}`, ...apiModules.filter((o) => o !== m).map((o) => `./${o}/${o}.service.ts`)],
      message: "A module reaches another only through that module's service.",
    },
  ]),
]

// What API code may not import, by room (ARCHITECTURE.md); lint/guards.test.ts proves each one fires.
const TEST_HELPERS = {
  regex: '(^|/)(test|testing)(/|$)',
  message: 'Production code never imports test helpers.',
}
const DRIZZLE = { regex: '^drizzle-orm(/|$)', message: 'Only repositories and db/ touch Drizzle.' }
const REPOSITORY = {
  regex: '(^|/)[^/]+\\.repository(\\.ts)?$',
  message: 'A routes file calls its service, never a repository.',
}
const HTTP = {
  regex: '^(fastify|@fastify/.+)$|(^|/)http(/|$)',
  message: 'Only routes files speak HTTP: services and repositories take a Ctx or a database handle.',
}
/**
 * One no-restricted-imports setting with all the given bans.
 * @param {...{ regex: string, message: string }} patterns
 * @returns {['error', { patterns: { regex: string, message: string }[] }]}
 */
const apiBans = (...patterns) => ['error', { patterns }]

/**
 * The whole lint setup. `root` is the folder the zones' paths start from: the repository, or the
 * fixture tree that lint/guards.test.ts lints to prove each rule fires.
 */
export function lintConfig(root = import.meta.dirname) {
  return tseslint.config(
    {
      ignores: [
        '**/node_modules/**',
        '**/dist/**',
        '**/data/**',
        'apps/api/drizzle/**',
        '**/test-results/**',
        '**/playwright-report/**',
        'bench/tmp/**',
        // Files written to fail lint, linted on purpose by lint/guards.test.ts.
        'lint/fixtures/**',
      ],
    },
    js.configs.recommended,
    ...tseslint.configs.recommended,
    {
      plugins: { 'import-x': importX },
      languageOptions: { globals: { ...globals.node } },
      settings: {
        // Without these two import-x parses no .ts/.tsx file it follows, so no-cycle saw no cycle at all.
        'import-x/extensions': ['.ts', '.tsx', '.js', '.mjs'],
        'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
        'import-x/resolver-next': [
          createTypeScriptImportResolver({
            project: 'tsconfig.json',
          }),
        ],
      },
      rules: {
        '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
        '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
        'import-x/no-cycle': ['error', { maxDepth: 10, ignoreExternal: true }],
        'import-x/no-restricted-paths': ['error', { basePath: root, zones: [...webZones, ...apiZones] }],
        eqeqeq: ['error', 'always'],
      },
    },
    // no-restricted-imports: a later block for the same file replaces an earlier block's list (flat
    // config does not merge a rule's options), so each block below lists every ban its files keep.
    { files: ['apps/api/src/**/*.ts'], ignores: TESTS, rules: { 'no-restricted-imports': apiBans(TEST_HELPERS) } },
    {
      files: ['apps/api/src/modules/**/*.routes.ts'],
      ignores: TESTS,
      rules: { 'no-restricted-imports': apiBans(TEST_HELPERS, DRIZZLE, REPOSITORY) },
    },
    {
      files: ['apps/api/src/modules/**/*.repository.ts'],
      ignores: TESTS,
      rules: { 'no-restricted-imports': apiBans(TEST_HELPERS, HTTP) },
    },
    {
      // Services and a module's own helpers: no Drizzle (repositories do that), no HTTP (routes do that).
      files: ['apps/api/src/modules/**/*.ts'],
      ignores: ['**/*.routes.ts', '**/*.repository.ts', ...TESTS],
      rules: { 'no-restricted-imports': apiBans(TEST_HELPERS, DRIZZLE, HTTP) },
    },
    {
      files: ['packages/contract/src/**/*.ts'],
      ignores: TESTS,
      rules: {
        'no-restricted-imports': [
          'error',
          { patterns: [{ regex: '^(?!zod$|\\.\\/|\\.\\.\\/).*', message: 'The contract imports only zod.' }] },
        ],
      },
    },
    {
      files: ['apps/web/**/*.{ts,tsx}'],
      languageOptions: { globals: { ...globals.browser } },
      plugins: { 'react-hooks': reactHooks },
      rules: { ...reactHooks.configs.recommended.rules },
    },
    {
      files: ['apps/web/src/**/*.{ts,tsx}'],
      ignores: TESTS,
      rules: {
        'no-restricted-imports': [
          'error',
          {
            patterns: [
              { group: ['**/testing/**', '**/e2e/**'], message: 'Production code never imports test helpers.' },
            ],
          },
        ],
      },
    },
  )
}

export default lintConfig()
