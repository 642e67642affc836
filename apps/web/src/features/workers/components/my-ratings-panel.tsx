import { useTranslation } from 'react-i18next'
import { QueryState } from '../../../components/query-state'
import { ReviewItem } from '../../../components/review-item'
import { useWorkerProfile } from '../../../lib/shared-api/worker-profile'

/**
 * The worker's own reviews on My jobs ("Show my reviews"): their public profile's latest reviews,
 * each with its stars, words, the customer's first name and town, and the day. Loaded on the tap
 * with the `myJobsMore` words (my-jobs-screen.tsx).
 */
export function MyRatingsPanel({ workerId }: { workerId: number }) {
  const { t, i18n } = useTranslation('myJobsMore')
  const profile = useWorkerProfile(workerId)
  return (
    <QueryState
      query={profile}
      loading={t('reviews.loading')}
      errorTitle={t('reviews.error')}
      isEmpty={(data) => data.profile.reviews.length === 0}
      empty={t('reviews.empty')}
    >
      {(data) => (
        <section className="reviews" aria-labelledby="jobs-reviews-heading">
          <h3 id="jobs-reviews-heading" className="reviews__heading">
            {t('reviews.heading')}
          </h3>
          <ul className="reviews__list">
            {data.profile.reviews.map((review) => (
              <li key={review.task_id}>
                <ReviewItem
                  review={review}
                  language={i18n.resolvedLanguage}
                  starsLabel={(stars) => t('reviews.stars', { stars })}
                  byTown={(name, town) => t('reviews.byTown', { name, town })}
                />
              </li>
            ))}
          </ul>
        </section>
      )}
    </QueryState>
  )
}
