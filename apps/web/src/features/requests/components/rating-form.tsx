import type { MyRating } from '@townworks/contract'
import { RATING_REVIEW_MAX_LENGTH } from '@townworks/contract/constants'
import { useEffect, useId, useRef, useState, type FormEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { describeApiError } from '../../../lib/api-error-text'
import { useRateTask } from '../api/rate-task'

export interface RatingFormProps {
  taskId: number
  worker: string
  /** The rating given before, when changing it. */
  rating: MyRating | null
  onSaved: (text: string) => void
  onCancel: () => void
}

const STARS = [1, 2, 3, 4, 5] as const
type Stars = (typeof STARS)[number]
const hintKey = (n: number) => `starHints.${n as Stars}` as const

/**
 * The customer's rating of a paid job's worker (issue 21): 1–5 stars as a group of radio buttons
 * (arrow keys move between them) and an optional short review. Loaded when the customer opens it,
 * with its words (the rateWorker namespace): My requests stays within its first-load budget.
 * Nothing typed is lost on a failure; the form says why and can be sent again.
 */
export function RatingForm({ taskId, worker, rating, onSaved, onCancel }: RatingFormProps) {
  const { t } = useTranslation('trust')
  const rate = useRateTask()
  const [stars, setStars] = useState<number | null>(rating?.stars ?? null)
  const [review, setReview] = useState(rating?.review ?? '')
  const [problem, setProblem] = useState<string | null>(null)
  const legend = useRef<HTMLLegendElement>(null)
  const id = useId()
  const reviewId = `${id}-review`
  const hintId = `${id}-hint`
  const problemId = `${id}-problem`

  // Read out what is asked when the form opens.
  useEffect(() => legend.current?.focus(), [])

  const submit = async (event: FormEvent) => {
    event.preventDefault()
    if (rate.isPending) return
    if (stars === null) {
      setProblem(t('chooseStars'))
      return
    }
    setProblem(null)
    try {
      await rate.mutateAsync({ taskId, body: { stars, ...(review.trim() ? { review: review.trim() } : {}) } })
      onSaved(t('saved', { worker }))
    } catch (error) {
      setProblem(t('failed', { message: describeApiError(error) }))
    }
  }

  return (
    <form className="requests-rating-form" onSubmit={(e) => void submit(e)} noValidate>
      <fieldset
        className="requests-rating-form__stars"
        aria-describedby={problem ? problemId : undefined}
        aria-invalid={problem !== null && stars === null ? true : undefined}
      >
        <legend ref={legend} tabIndex={-1}>
          {t('legend', { worker })}
        </legend>
        <div className="requests-rating-form__row">
          {STARS.map((n) => (
            <label key={n} className={`requests-star${stars !== null && n <= stars ? ' requests-star--on' : ''}`}>
              <input
                type="radio"
                name={`${id}-stars`}
                value={n}
                checked={stars === n}
                onChange={() => {
                  setStars(n)
                  setProblem(null)
                }}
              />
              <span aria-hidden="true">★</span>
              <span className="visually-hidden">
                {t('star', { count: n })}: {t(hintKey(n))}
              </span>
            </label>
          ))}
        </div>
        <p className="requests-mine-card__small" aria-hidden="true">
          {stars !== null ? `${t('star', { count: stars })}: ${t(hintKey(stars))}` : '\u00a0'}
        </p>
      </fieldset>
      <label htmlFor={reviewId} className="requests-rating-form__label">
        {t('review')}
      </label>
      <textarea
        id={reviewId}
        className="requests-rating-form__review"
        rows={3}
        maxLength={RATING_REVIEW_MAX_LENGTH}
        value={review}
        aria-describedby={hintId}
        onChange={(e) => setReview(e.target.value)}
      />
      <p id={hintId} className="requests-mine-card__small">
        {t('reviewHint')} {t('left', { count: RATING_REVIEW_MAX_LENGTH - review.length })}
      </p>
      <div aria-live="polite">
        {problem ? (
          <p id={problemId} className="requests-rating-form__problem">
            {problem}
          </p>
        ) : null}
      </div>
      <div className="requests-mine-card__actions">
        <button type="submit" className="button button--primary" aria-busy={rate.isPending || undefined}>
          {rate.isPending ? t('sending') : t('send')}
        </button>
        <button type="button" className="button" onClick={onCancel}>
          {t('cancel')}
        </button>
      </div>
    </form>
  )
}
