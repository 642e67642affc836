import { useEffect } from 'react'

interface OtpCredential extends Credential {
  code: string
}

/**
 * The WebOTP API where the browser has it (Chrome on Android): the code is read from the SMS when
 * it arrives (its last line `@host #123456`) and handed to `onCode`. Elsewhere nothing happens and
 * the keyboard's suggestion (`autocomplete="one-time-code"`) does the same job.
 */
export function useWebOtp(active: boolean, onCode: (code: string) => void): void {
  useEffect(() => {
    if (!active || typeof window === 'undefined' || !('OTPCredential' in window)) return
    const controller = new AbortController()
    const options = { otp: { transport: ['sms'] }, signal: controller.signal } as CredentialRequestOptions
    navigator.credentials
      .get(options)
      .then((credential) => {
        const code = (credential as OtpCredential | null)?.code
        if (code) onCode(code)
      })
      .catch(() => undefined)
    return () => controller.abort()
    // eslint-disable-next-line react-hooks/exhaustive-deps -- one listener per code screen
  }, [active])
}
