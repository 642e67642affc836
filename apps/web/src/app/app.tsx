import { RouterProvider } from 'react-router'
import './styles.css'
import { Providers } from './providers'
import { createAppRouter } from './router'

// Created at start-up so the first screen's chunk starts loading before React renders.
const router = createAppRouter()

/** The TownWorks web app. */
export function App() {
  return (
    <Providers>
      <RouterProvider router={router} />
    </Providers>
  )
}
