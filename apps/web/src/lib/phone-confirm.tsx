import type { Role } from '@townworks/contract/constants'
import { lazy, type ComponentType } from 'react'

/** What the request form gives the sign-in by number it embeds (the auth feature's PhoneSignIn). */
export interface PhoneConfirmProps {
  initialPhone?: string
  /** The name typed in the form: a new number's account takes it, rather than asking again. */
  initialName?: string
  onSignedIn: (answer: { user: string; role: Role; must_change_password?: boolean }) => void
}

type Loader = () => Promise<{ default: ComponentType<PhoneConfirmProps> }>

// The request form (features/requests) embeds the sign-in by number (features/auth); a feature never
// imports another, so the app hands the form a loader of it here, at start-up.
let loader: Loader | undefined

/** Called once by the app: how to load the sign-in by number. */
export function providePhoneConfirm(load: Loader): void {
  loader = load
}

/** Whether the app gave one (tests that render the form alone do not). */
export function hasPhoneConfirm(): boolean {
  return loader !== undefined
}

const LazyPhoneConfirm = lazy(() => loader?.() ?? Promise.resolve({ default: () => null }))

/** The sign-in by number, loaded on its first render; wrap it in Suspense. */
export function PhoneConfirm(props: PhoneConfirmProps) {
  return <LazyPhoneConfirm {...props} />
}
