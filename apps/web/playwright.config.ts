import { defineConfig, devices } from '@playwright/test'

// Browser journeys against the production build, served by the real API on a fresh embedded
// database. The journeys share the server started in global-setup; each makes what it books and
// changes (its own workers, accounts and requests: e2e/support/world.ts), so they can run side by
// side. E2E_WORKERS sets how many browsers run at once (default 2; 1 runs them one after another).
const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'
// Workers re-read this file: the port is chosen once, in the main process, and inherited through the environment.
process.env.E2E_PORT ??= String(4100 + (process.pid % 800))
export const E2E_PORT = Number(process.env.E2E_PORT)

export default defineConfig({
  testDir: './e2e',
  // Per run: Playwright empties its output folder at start, and two runs must not share one.
  outputDir: `../../test-results/playwright-artifacts-${process.env.E2E_PORT}`,
  globalSetup: './e2e/support/global-setup.ts',
  globalTeardown: './e2e/support/global-teardown.ts',
  workers: Number(process.env.E2E_WORKERS ?? 2),
  fullyParallel: true,
  forbidOnly: true,
  retries: 0,
  // Journeys must not fail on speed (timings belong in `npm run bench`): these limits only stop a
  // journey that hangs, and leave room for a 2-core machine running everything else at once
  // (the ten-run proof of issue 25 ran at load 20).
  timeout: 180_000,
  expect: { timeout: 30_000 },
  reporter: [['list'], ['json', { outputFile: '../../test-results/playwright.json' }]],
  use: {
    ...devices['Desktop Chrome'],
    baseURL: `http://127.0.0.1:${E2E_PORT}`,
    viewport: { width: 1280, height: 800 },
    // The browser keeps India's calendar, as our users' phones do: "today" is the same day for
    // the page, the server and the journey, whatever the machine's zone (issue 25).
    timezoneId: 'Asia/Kolkata',
    // The journeys' browser asks for less motion, as some people's phones do (the theme respects it):
    // a dialog is there at once, so a click never lands on one still scaling in. Under load such a
    // click once fell on the overlay and closed the dialog instead (admin.spec.ts, a password reset).
    reducedMotion: 'reduce',
    // The production build registers a service worker (decision 065) that precaches the shell: in every
    // journey's fresh context that is a megabyte fetched for nothing. Only e2e/pwa.spec.ts allows it.
    serviceWorkers: 'block',
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: chromium,
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
})
