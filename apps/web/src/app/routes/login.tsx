import { lazy, Suspense, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { SignInChoice } from '../../features/auth/components/sign-in-choice'
import { SocialLinks } from '../../features/auth/components/social-links'
import { i18n } from '../../lib/i18n'
import { useSearchParams } from '../../lib/router'
import { Screen } from '../screen'

// Following a request without an account (issue 18) sits beside signing in by number: the two ways a
// visitor follows what they asked for. Loaded only when wanted (it brings Mantine and the query cache).
// Its words (catalog.json's `booking.track`) come with its code.
const TrackPanel = lazy(() =>
  Promise.all([import('./track-panel'), i18n.loadNamespaces('catalog')]).then(([module]) => module),
)

/** Sign In (seed /login): by mobile number first, the seed's form one tap away (issue 19). */
export function Component() {
  const { t } = useTranslation('auth')
  const [params] = useSearchParams()
  const [tracking, setTracking] = useState(params.has('track'))
  return (
    <Screen id="login">
      <SignInChoice />
      <section className="auth-card" aria-labelledby="track-title">
        <h2 id="track-title" className="auth-card__title">
          {t('track.title')}
        </h2>
        {tracking ? (
          <Suspense fallback={<p role="status">{t('track.loading')}</p>}>
            <TrackPanel reference={params.get('track') ?? ''} />
          </Suspense>
        ) : (
          <button type="button" className="button" onClick={() => setTracking(true)}>
            {t('track.open')}
          </button>
        )}
      </section>
      <SocialLinks />
    </Screen>
  )
}
