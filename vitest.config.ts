import { defineConfig } from 'vitest/config'

// One runner for unit, API and component tests; browser journeys run under Playwright (apps/web/e2e).
export default defineConfig({
  test: {
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
