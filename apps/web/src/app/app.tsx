import { BrowserRouter } from '../lib/router'
import './styles.css'
import { Providers } from './providers'
import { AppRoutes, preloadScreen } from './router'

/**
 * The first screen, loading from start-up (before React renders). main.tsx mounts the app once it
 * is in, so index.html's shell is replaced by the whole screen, never by a loading state (decision 033).
 */
export const firstScreenReady = preloadScreen(window.location.pathname)

/** The TownWorks web app. */
export function App() {
  return (
    <Providers>
      <BrowserRouter>
        <AppRoutes />
      </BrowserRouter>
    </Providers>
  )
}
