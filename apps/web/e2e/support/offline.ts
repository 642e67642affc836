import { expect, type Page } from '@playwright/test'

// The offline journeys' shared step (issue 23): a page under the app's service worker (decision 065).

/** The service worker controls the page: the app's files open with no network. */
export async function underServiceWorker(page: Page): Promise<void> {
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined))
  // No clientsClaim: the page the worker was installed from is controlled from its next load.
  await page.reload()
  await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true)
}
