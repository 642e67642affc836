import { defineConfig } from 'vitest/config'

// API tests build the app in process on a database of their own: a PGlite loaded from a migrated
// snapshot, or, when TEST_DATABASE_URL is set, a fresh PostgreSQL database copied from a template.
export default defineConfig({
  test: {
    name: 'api',
    root: import.meta.dirname,
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    globalSetup: ['test/global-setup.ts'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    pool: 'forks',
  },
})
