import { providePhoneConfirm } from '../../lib/phone-confirm'

/**
 * The request form's "confirm your number with a code" is the auth feature's sign-in by number: the
 * screens that open the form (the catalog, Skilled Workers) hand it over when they load (not at the
 * app's start, so the home page's first paint carries none of it).
 */
export function providePhoneSignIn(): void {
  providePhoneConfirm(() =>
    import('../../features/auth/components/phone-sign-in').then((m) => ({ default: m.PhoneSignIn })),
  )
}
