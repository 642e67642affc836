import '@testing-library/jest-dom/vitest'
import { cleanup } from '@testing-library/react'
import { afterEach, beforeEach } from 'vitest'
import englishStatusNames from '@townworks/contract/status-labels/en.json' with { type: 'json' }
import englishApiErrors from '../locales/en/apiErrors.json' with { type: 'json' }
import { i18n } from '../lib/i18n'
import { installViewport } from './viewport'

// The app fetches the status names of the reader's language when a screen first shows one
// (lib/status-labels.ts), as it fetches other namespaces; English is here from the start, as
// English's core namespaces are, so a component test renders at once in English.
i18n.addResourceBundle('en', 'status', englishStatusNames)
// A failed call's words (decision 054) likewise: the app fetches them with lib/api-error-text.ts.
i18n.addResourceBundle('en', 'apiErrors', englishApiErrors)

// jsdom has no layout: React Flow (and Mantine) observe sizes, so give them an observer that never fires.
if (!('ResizeObserver' in globalThis)) {
  globalThis.ResizeObserver = class {
    observe() {}
    unobserve() {}
    disconnect() {}
  }
}
// jsdom has no layout to scroll: Mantine's option lists scroll the active option into view on a
// timer (which fires after a test has ended, as an unhandled error that fails the whole run), and
// the layout's skip link scrolls to its target.
Element.prototype.scrollIntoView = () => undefined

beforeEach(() => {
  installViewport(1280)
  // jsdom does not scroll; the layout's scroll restoration (root-layout.tsx) calls this on every navigation.
  window.scrollTo = () => {}
})

afterEach(() => {
  cleanup()
})
