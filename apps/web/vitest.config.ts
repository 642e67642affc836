import react from '@vitejs/plugin-react'
import { defineProject } from 'vitest/config'

// The web project of the root vitest.config.ts: component and unit tests in jsdom.
export default defineProject({
  root: import.meta.dirname,
  plugins: [react()],
  test: {
    name: 'web',
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['./src/testing/setup.ts'],
    restoreMocks: true,
    unstubGlobals: true,
  },
})
