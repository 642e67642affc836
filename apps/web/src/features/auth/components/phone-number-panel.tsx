import { lazy, Suspense, useId } from 'react'
import { useTranslation } from 'react-i18next'
import { formatPhone } from '../../../lib/phone'
import { useSession } from '../../../lib/session'
import { useMyProfile } from '../api/my-profile'
import { useOtpChannels } from '../api/otp-channels'
import { loadWithTimeout } from '../../../lib/lazy-with-timeout'
import { SecondStepSetting } from './second-step-setting'
import { usePhoneChange } from './use-phone-change'
import './auth.css'

// Changing the number is one tap away: its number and code steps are fetched when a pointer, finger
// or the keyboard reaches "Change", at the latest on the tap (decision 046: /profile within 130 kB).
const loadNumberStep = () => loadWithTimeout(() => import('./code/number-step'))
const loadCodeStep = () => loadWithTimeout(() => import('./code/code-step'))
const NumberStep = lazy(() => loadNumberStep().then((m) => ({ default: m.NumberStep })))
const CodeStep = lazy(() => loadCodeStep().then((m) => ({ default: m.CodeStep })))
const warmSteps = () => {
  void loadNumberStep().catch(() => undefined)
  void loadCodeStep().catch(() => undefined)
}

/**
 * /profile: the account's mobile number and whether it is verified; changing it (or adding one)
 * needs a code sent to the new number. Staff also choose here to be asked for a code after their
 * password (it goes to this number).
 */
export function PhoneNumberPanel() {
  const { t } = useTranslation('auth')
  const id = useId()
  const session = useSession()
  const profile = useMyProfile()
  const channels = useOtpChannels().data?.channels ?? ['sms']
  const change = usePhoneChange()
  const me = profile.data
  // A one-time password comes first: nothing else may be changed until it is replaced.
  if (!me || session.mustChangePassword) return null
  const phone = me.phone ? formatPhone(me.phone).text : ''
  const staff = me.role === 'operator' || me.role === 'admin'

  return (
    <section className="auth-card phone-panel" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="auth-card__title">
        {t('profilePhone.title')}
      </h2>
      {change.step.kind === 'shown' ? (
        <>
          <p className="phone-panel__number">
            {phone ? (
              <>
                <strong>{phone}</strong>{' '}
                <span className={me.phone_verified ? 'tag tag--ok' : 'tag'}>
                  {me.phone_verified ? t('profilePhone.verified') : t('profilePhone.notVerified')}
                </span>
              </>
            ) : (
              t('profilePhone.none')
            )}
          </p>
          <p className="message message--success" role="status">
            {change.done}
          </p>
          <button
            type="button"
            className="button"
            onPointerOver={warmSteps}
            onTouchStart={warmSteps}
            onFocus={warmSteps}
            onClick={change.open}
          >
            {phone ? t('profilePhone.change') : t('profilePhone.add')}
          </button>
        </>
      ) : change.step.kind === 'number' ? (
        <Suspense fallback={<p role="status">{t('phone.opening')}</p>}>
          <NumberStep
            channels={channels}
            onSubmit={(number, channel) => void change.start(number, channel)}
            pending={change.pending}
            error={change.error}
            submitLabel={t('phone.getCode')}
            label={t('profilePhone.newNumber')}
          />
          <button type="button" className="link-button" onClick={change.cancel}>
            {t('profilePhone.cancel')}
          </button>
        </Suspense>
      ) : (
        <Suspense fallback={<p role="status">{t('phone.opening')}</p>}>
          <CodeStep
            phoneText={formatPhone(change.step.challenge.phone).text}
            channel={change.step.challenge.channel}
            onChangeNumber={change.open}
            onSubmit={(code) => void change.verify(code)}
            onResend={() => void change.resend()}
            resendAt={change.step.resendAt}
            pending={change.pending}
            resending={change.pending}
            error={change.error}
            info={change.info}
            submitLabel={t('profilePhone.save')}
          />
          <button type="button" className="link-button" onClick={change.cancel}>
            {t('profilePhone.cancel')}
          </button>
        </Suspense>
      )}
      {staff ? <SecondStepSetting me={me} /> : null}
    </section>
  )
}
