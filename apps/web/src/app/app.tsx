import { BrowserRouter } from '../lib/router'
import './styles.css'
import { Providers } from './providers'
import { AppRoutes, preloadScreen } from './router'

// At start-up, so the first screen's chunk starts loading before React renders.
preloadScreen(window.location.pathname)

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
