import type { Review } from '@townworks/contract'
import { formatInstantDate } from '../lib/format'
import { useNames } from '../lib/names'
import './review-item.css'

export interface ReviewItemProps {
  review: Review
  language: string | undefined
  /** The screen's words: "4 of 5 stars", and "Lakshmi, Armoor". */
  starsLabel: (stars: number) => string
  byTown: (name: string, town: string) => string
}

/**
 * One review as a worker's profile shows it: ★★★★☆ (read out as "4 of 5 stars"), the words, the
 * customer's first name and town, the service and the day. The worker's My jobs and a customer's view
 * of the worker share it, each with its own words.
 */
export function ReviewItem({ review, language, starsLabel, byTown }: ReviewItemProps) {
  const names = useNames()
  const who = review.town ? byTown(review.customer_first_name, names.town(review.town)) : review.customer_first_name
  return (
    <article className="review">
      <p className="review__stars" role="img" aria-label={starsLabel(review.stars)}>
        {'★'.repeat(review.stars) + '☆'.repeat(5 - review.stars)}
      </p>
      {review.review ? <p className="review__text">{review.review}</p> : null}
      <p className="review__by">
        {who}
        {' · '}
        {review.service_name ? `${names.service(review.service_name)} · ` : null}
        <time dateTime={review.created_at}>{formatInstantDate(review.created_at, language)}</time>
      </p>
    </article>
  )
}
