import type { WorkerProfile } from '@townworks/contract'
import { useTranslation } from 'react-i18next'
import { LanguageList } from '../../../components/language-list'
import { QueryState } from '../../../components/query-state'
import { ReviewItem } from '../../../components/review-item'
import { formatMoney } from '../../../lib/format'
import { useNames } from '../../../lib/names'
import { useWorkerProfile } from '../../../lib/shared-api/worker-profile'

/**
 * Who is coming, in full (issue 21): the worker's photo, town, languages, years in the trade, rating
 * and jobs done, the services they offer with prices, and the latest reviews (first name and town
 * only). Opened from the card's "See … profile"; part of the card's lazily loaded trust module.
 */
export function WorkerProfileView({ workerId, id }: { workerId: number; id: string }) {
  const { t } = useTranslation('trust')
  const profile = useWorkerProfile(workerId)
  return (
    <div id={id} className="requests-profile">
      <QueryState query={profile} loading={t('profile.loading')} errorTitle={t('profile.failed')}>
        {(data) => <ProfileBody profile={data.profile} />}
      </QueryState>
    </div>
  )
}

function ProfileBody({ profile }: { profile: WorkerProfile }) {
  const { t, i18n } = useTranslation('trust')
  const names = useNames()
  const lng = i18n.resolvedLanguage
  return (
    <section aria-label={t('profile.label', { name: profile.name })}>
      <div className="requests-worker">
        {profile.photo_url ? (
          <img
            className="requests-worker__photo"
            src={profile.photo_url}
            alt={t('profile.photo', { name: profile.name })}
            width={96}
            height={96}
          />
        ) : null}
        <p className="requests-profile__facts">
          <span translate="no">{profile.name}</span>
          <span>{t('profile.from', { town: names.town(profile.town) })}</span>
          {profile.languages.length > 0 ? (
            <span>
              <LanguageList languages={profile.languages} label={t('profile.speaks')} />
            </span>
          ) : null}
          {profile.experience_years !== null ? (
            <span>{t('profile.experience', { count: profile.experience_years })}</span>
          ) : null}
        </p>
      </div>
      {profile.services.length > 0 ? (
        <>
          <h4 className="requests-profile__heading">{t('profile.services')}</h4>
          <ul className="requests-profile__services">
            {profile.services.map((s) => (
              <li key={s.service_name}>
                {names.service(s.service_name)} · {formatMoney(s.price_paise, lng)}
              </li>
            ))}
          </ul>
        </>
      ) : null}
      <h4 className="requests-profile__heading">{t('profile.reviews')}</h4>
      {profile.reviews.length === 0 ? (
        <p>{t('profile.noReviews')}</p>
      ) : (
        <ul className="requests-profile__reviews">
          {profile.reviews.map((review) => (
            <li key={review.task_id}>
              <ReviewItem
                review={review}
                language={lng}
                starsLabel={(stars) => t('profile.stars', { stars })}
                byTown={(name, town) => t('profile.byTown', { name, town })}
              />
            </li>
          ))}
        </ul>
      )}
    </section>
  )
}
