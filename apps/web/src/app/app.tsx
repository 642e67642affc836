import { providePhoneConfirm } from '../lib/phone-confirm'
import { BrowserRouter } from '../lib/router'
import './styles.css'
import { Providers } from './providers'
import { AppRoutes, preloadScreen } from './router'

// At start-up, so the first screen's chunk starts loading before React renders.
preloadScreen(window.location.pathname)
// The request form's "confirm your number with a code" is the auth feature's sign-in by number.
providePhoneConfirm(() => import('../features/auth/components/phone-sign-in').then((m) => ({ default: m.PhoneSignIn })))

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
