import { defineConfig } from 'vitest/config'

// One runner for unit, API and component tests; browser journeys run under Playwright (apps/web/e2e).
export default defineConfig({
  test: {
    // Vitest's default is one worker fewer than the cores: on the 2-core machines `npm test` runs
    // on, that is one worker for 135 files. Two keep both cores busy (a file's tests still run in order).
    maxWorkers: 2,
    projects: [
      { test: { name: 'contract', root: 'packages/contract', include: ['src/**/*.test.ts'] } },
      // Lint's import rules, proved on fixture files that must fail (and pass) them.
      { test: { name: 'lint', root: 'lint', include: ['*.test.ts'], testTimeout: 60_000 } },
      'apps/api/vitest.config.ts',
      'apps/api/vitest.cache-on.config.ts',
      'apps/web/vitest.config.ts',
    ],
  },
})
