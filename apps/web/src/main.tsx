import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { App, firstScreenReady } from './app/app'
import { whenLanguageReady } from './lib/i18n'

const container = document.getElementById('root')
if (!container) throw new Error('index.html has no #root element')

// English is bundled; Telugu or Hindi first fetch their small core files, so no English flashes first.
// Until then, and until the first screen's code is in, index.html's shell stays on view (decision 033).
void Promise.all([whenLanguageReady(), firstScreenReady]).then(() =>
  createRoot(container).render(
    <StrictMode>
      <App />
    </StrictMode>,
  ),
)

// Installable and able to open offline (decision 065): the service worker is registered once the first
// screen has loaded, in a production build only, by a module no route's first load carries.
if (import.meta.env.PROD) addEventListener('load', () => import('./lib/pwa/pwa-entry'))
