import react from '@vitejs/plugin-react'
import { defineProject } from 'vitest/config'

// The web project of the root vitest.config.ts: component and unit tests in jsdom.
export default defineProject({
  root: import.meta.dirname,
  plugins: [react()],
  test: {
    name: 'web',
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}', 'build/**/*.test.ts'],
    setupFiles: ['./src/testing/setup.ts'],
    // A limit that only stops a test that hangs: importing a screen's Mantine chunk in jsdom takes
    // seconds on a busy 2-core machine, and tests must not fail on speed (issue 25).
    testTimeout: 30_000,
    restoreMocks: true,
    unstubGlobals: true,
  },
})
