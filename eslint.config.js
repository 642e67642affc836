// @ts-check
import { readdirSync } from 'node:fs'
import js from '@eslint/js'
import importX from 'eslint-plugin-import-x'
import reactHooks from 'eslint-plugin-react-hooks'
import globals from 'globals'
import tseslint from 'typescript-eslint'

/** Sub-folders of a folder, or none when it does not exist yet. */
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

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      '**/data/**',
      'apps/api/drizzle/**',
      '**/test-results/**',
      '**/playwright-report/**',
      'bench/tmp/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    plugins: { 'import-x': importX },
    languageOptions: { globals: { ...globals.node } },
    settings: { 'import-x/resolver-next': [importX.createNodeResolver({ extensions: ['.ts', '.tsx', '.js'] })] },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      'import-x/no-cycle': ['error', { maxDepth: 10, ignoreExternal: true }],
      'import-x/no-restricted-paths': ['error', { zones: [...webZones, ...apiZones] }],
      eqeqeq: ['error', 'always'],
    },
  },
  {
    files: ['apps/api/src/**/*.ts'],
    ignores: TESTS,
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['**/test/**', '**/testing/**'], message: 'Production code never imports test helpers.' },
          ],
        },
      ],
    },
  },
  {
    // Only repositories and db/ touch Drizzle.
    files: ['apps/api/src/modules/**/*.ts'],
    ignores: ['**/*.repository.ts', ...TESTS],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['drizzle-orm', 'drizzle-orm/*'], message: 'Only repositories touch Drizzle.' },
            { group: ['**/test/**'], message: 'Production code never imports test helpers.' },
          ],
        },
      ],
    },
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
          patterns: [{ group: ['**/testing/**', '**/e2e/**'], message: 'Production code never imports test helpers.' }],
        },
      ],
    },
  },
)
