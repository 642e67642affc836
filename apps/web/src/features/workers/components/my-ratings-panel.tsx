import type { Review } from '@townworks/contract'
import { useTranslation } from 'react-i18next'
import { QueryState } from '../../../components/query-state'
import { formatInstantDate } from '../../../lib/format'
import { useNames } from '../../../lib/names'
import { useWorkerProfile } from '../api/get-worker-profile'

/**
 * The worker's own reviews on My jobs ("Show my reviews"): their public profile's latest reviews,
 * each with its stars, words, the customer's first name and town, and the day. Loaded on the tap
 * with the `myJobsMore` words (my-jobs-screen.tsx).
 */
export function MyRatingsPanel({ workerId }: { workerId: number }) {
  const { t } = useTranslation('myJobsMore')
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
                <ReviewItem review={review} />
              </li>
            ))}
          </ul>
        </section>
      )}
    </QueryState>
  )
}

/** One review: ★★★★☆ (read out as "4 of 5 stars"), the words, who and when. */
function ReviewItem({ review }: { review: Review }) {
  const { t, i18n } = useTranslation('myJobsMore')
  const names = useNames()
  const who = review.town
    ? t('reviews.byTown', { name: review.customer_first_name, town: names.town(review.town) })
    : review.customer_first_name
  return (
    <article className="review">
      <p className="review__stars" role="img" aria-label={t('reviews.stars', { stars: review.stars })}>
        {'★'.repeat(review.stars) + '☆'.repeat(5 - review.stars)}
      </p>
      {review.review ? <p className="review__text">{review.review}</p> : null}
      <p className="review__by">
        {who}
        {' · '}
        {review.service_name ? `${names.service(review.service_name)} · ` : null}
        <time dateTime={review.created_at}>{formatInstantDate(review.created_at, i18n.resolvedLanguage)}</time>
      </p>
    </article>
  )
}
