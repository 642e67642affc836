import type { OtpSignedIn } from '@townworks/contract'
import { lazy, Suspense } from 'react'
import { useTranslation } from 'react-i18next'
import { formatPhone } from '../../../lib/phone'
import { loadWithTimeout } from '../../../lib/lazy-with-timeout'
import { useOtpChannels } from '../api/otp-channels'
import { NumberStep } from './code/number-step'
import { usePhoneSignIn } from './use-phone-sign-in'
import './auth.css'

// The code and name steps come after the number has gone to the server: their code is fetched while
// it answers, not before the number step paints (decision 046: /login within 130 kB).
const loadCodeStep = () => loadWithTimeout(() => import('./code/code-step'))
const loadNameStep = () => loadWithTimeout(() => import('./code/name-step'))
const CodeStep = lazy(() => loadCodeStep().then((m) => ({ default: m.CodeStep })))
const NameStep = lazy(() => loadNameStep().then((m) => ({ default: m.NameStep })))
const warmNextSteps = () => {
  void loadCodeStep().catch(() => undefined)
  void loadNameStep().catch(() => undefined)
}

export interface PhoneSignInProps {
  /** Called once signed in (the session cookies are set): the same answer as a password login's, with `created`. */
  onSignedIn: (answer: OtpSignedIn) => void
  /** A number already typed elsewhere (the request form's): the person only confirms it. */
  initialPhone?: string
  /** A name already typed elsewhere (the request form's): a new number's account takes it. */
  initialName?: string
}

/**
 * Sign in with a mobile number: number and channel → the code → (a new number: the name) →
 * signed in. Self-contained, so the request form can embed it as its last step (issue 19).
 */
export function PhoneSignIn({ onSignedIn, initialPhone, initialName }: PhoneSignInProps) {
  const { t } = useTranslation('auth')
  const channels = useOtpChannels().data?.channels ?? ['sms']
  const flow = usePhoneSignIn(onSignedIn, initialName)
  const opening = <p role="status">{t('phone.opening')}</p>
  if (flow.step.kind === 'code') {
    return (
      <Suspense fallback={opening}>
        <CodeStep
          phoneText={formatPhone(flow.step.challenge.phone).text}
          channel={flow.step.challenge.channel}
          onChangeNumber={flow.changeNumber}
          onSubmit={(code) => void flow.verify(code)}
          onResend={() => void flow.resend()}
          resendAt={flow.step.resendAt}
          pending={flow.pending}
          resending={flow.resending}
          error={flow.error}
          info={flow.info}
          submitLabel={t('phone.verify')}
        />
      </Suspense>
    )
  }
  if (flow.step.kind === 'name') {
    return (
      <Suspense fallback={opening}>
        <NameStep
          initialName={initialName}
          onSubmit={(name) => void flow.complete(name)}
          pending={flow.pending}
          error={flow.error}
        />
      </Suspense>
    )
  }
  return (
    <NumberStep
      initialPhone={flow.phone ? flow.phone.slice(3) : initialPhone}
      channels={channels}
      onSubmit={(phone, channel) => {
        warmNextSteps()
        void flow.start(phone, channel)
      }}
      pending={flow.pending}
      error={flow.error}
      submitLabel={t('phone.getCode')}
    />
  )
}
