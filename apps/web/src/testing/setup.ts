import '@testing-library/jest-dom/vitest'
import { cleanup } from '@testing-library/react'
import { afterEach, beforeEach } from 'vitest'
import { installViewport } from './viewport'

beforeEach(() => {
  installViewport(1280)
  // jsdom does not scroll; React Router's ScrollRestoration calls this on every navigation.
  window.scrollTo = () => {}
})

afterEach(() => {
  cleanup()
})
