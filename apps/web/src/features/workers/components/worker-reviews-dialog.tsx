import { Button, Group, Textarea } from '@mantine/core'
import type { Review, WorkerProfile } from '@townworks/contract'
import { useEffect, useId, useRef, useState, type FormEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { QueryState } from '../../../components/query-state'
import { formatInstantDate } from '../../../lib/format'
import { useNames } from '../../../lib/names'
import { useWorkerProfile } from '../../../lib/shared-api/worker-profile'
import { useHideReview, useShowReview } from '../api/hide-review'
import { describeWorkersError } from './error-text'
import './worker-reviews-dialog.css'

/** The reason a hidden review keeps: as HideReviewBodySchema takes it. */
const REASON_MIN = 3
const REASON_MAX = 300

/**
 * The body of /wss's Reviews dialog (issue 21), fetched when the button is pressed: the worker's
 * rating and jobs done, their latest reviews (hidden ones marked, with why), and for each review shown
 * to customers a Hide action that asks for the reason.
 */
export function WorkerReviews({ workerId }: { workerId: number }) {
  const { t } = useTranslation('workers')
  const profile = useWorkerProfile(workerId)
  const [announcement, setAnnouncement] = useState('')
  const statusRef = useRef<HTMLParagraphElement>(null)
  const announce = (text: string) => {
    setAnnouncement(text)
    // The form that was pressed is gone: the outcome takes the focus, so a keyboard stays in the dialog.
    requestAnimationFrame(() => statusRef.current?.focus())
  }
  return (
    <div className="worker-reviews">
      <p ref={statusRef} role="status" aria-live="polite" className="workers-live" tabIndex={-1}>
        {announcement}
      </p>
      <QueryState
        query={profile}
        loading={t('reviews.loading')}
        errorTitle={t('reviews.loadFailed')}
        describeError={(error) => describeWorkersError(error, t)}
      >
        {(data) => <ProfileReviews profile={data.profile} onHidden={announce} />}
      </QueryState>
    </div>
  )
}

function ProfileReviews({ profile, onHidden }: { profile: WorkerProfile; onHidden: (text: string) => void }) {
  const { t } = useTranslation('workers')
  const rated = profile.rating_avg !== null && profile.rating_count > 0
  return (
    <>
      <p className="worker-reviews__summary">
        {rated
          ? t('reviews.summary', { rating: profile.rating_avg?.toFixed(1), count: profile.rating_count })
          : t('skilledWorkers.cards.notRated')}
        {' · '}
        {t('skilledWorkers.cards.jobsDone', { count: profile.jobs_done })}
      </p>
      {profile.reviews.length === 0 ? (
        <p>{t('reviews.none')}</p>
      ) : (
        <ul className="worker-reviews__list">
          {profile.reviews.map((review) => (
            <ReviewItem key={review.task_id} review={review} workerId={profile.worker_id} onHidden={onHidden} />
          ))}
        </ul>
      )}
    </>
  )
}

function ReviewItem({
  review,
  workerId,
  onHidden,
}: {
  review: Review
  workerId: number
  onHidden: (text: string) => void
}) {
  const { t, i18n } = useTranslation('workers')
  const names = useNames()
  const [hiding, setHiding] = useState(false)
  const hideButton = useRef<HTMLButtonElement>(null)
  const date = formatInstantDate(review.created_at, i18n.language)
  const who = review.town
    ? t('reviews.from', { name: review.customer_first_name, town: names.town(review.town) })
    : review.customer_first_name
  const about = [who, review.service_name ? names.service(review.service_name) : null, date].filter(Boolean)
  return (
    <li className={review.hidden ? 'worker-reviews__item worker-reviews__item--hidden' : 'worker-reviews__item'}>
      <p className="worker-reviews__stars">
        <span role="img" aria-label={t('reviews.stars', { count: review.stars })}>
          {'★'.repeat(review.stars)}
          <span className="worker-reviews__empty-stars">{'☆'.repeat(5 - review.stars)}</span>
        </span>
      </p>
      {review.review ? (
        <p className="worker-reviews__text">{review.review}</p>
      ) : (
        <p className="worker-reviews__muted">{t('reviews.noText')}</p>
      )}
      <p className="worker-reviews__muted">{about.join(' · ')}</p>
      {review.hidden ? (
        <>
          <p className="worker-reviews__hidden">
            <strong>{t('reviews.hidden')}</strong>{' '}
            {t('reviews.hiddenWhy', {
              reason: review.hidden.reason,
              date: formatInstantDate(review.hidden.at, i18n.language),
            })}
          </p>
          <ShowAgain
            taskId={review.task_id}
            workerId={workerId}
            label={t('reviews.showLabel', { name: review.customer_first_name, date })}
            onShown={() => onHidden(t('reviews.shownDone', { name: review.customer_first_name }))}
          />
        </>
      ) : hiding ? (
        <HideForm
          taskId={review.task_id}
          workerId={workerId}
          onHidden={() => {
            setHiding(false)
            onHidden(t('reviews.hiddenDone', { name: review.customer_first_name }))
          }}
          onCancel={() => {
            setHiding(false)
            requestAnimationFrame(() => hideButton.current?.focus())
          }}
        />
      ) : (
        <Group>
          <Button
            ref={hideButton}
            size="compact-md"
            variant="outline"
            color="red.9"
            aria-label={t('reviews.hideLabel', { name: review.customer_first_name, date })}
            onClick={() => setHiding(true)}
          >
            {t('reviews.hide')}
          </Button>
        </Group>
      )}
    </li>
  )
}

/** "Show again": a review hidden by mistake counts again; a failure says why beside the button. */
function ShowAgain({
  taskId,
  workerId,
  label,
  onShown,
}: {
  taskId: number
  workerId: number
  label: string
  onShown: () => void
}) {
  const { t } = useTranslation('workers')
  const show = useShowReview(workerId)
  return (
    <Group>
      <Button
        size="compact-md"
        variant="outline"
        aria-label={label}
        loading={show.isPending}
        onClick={() => show.mutate({ taskId }, { onSuccess: onShown })}
      >
        {t('reviews.show')}
      </Button>
      {show.isError ? (
        <p role="alert" className="workers-form__error">
          {describeWorkersError(show.error, t)}
        </p>
      ) : null}
    </Group>
  )
}

/** Why the review is hidden (3 to 300 characters, as the server checks), then the hide itself. */
function HideForm({
  taskId,
  workerId,
  onHidden,
  onCancel,
}: {
  taskId: number
  workerId: number
  onHidden: () => void
  onCancel: () => void
}) {
  const { t } = useTranslation('workers')
  const hide = useHideReview(workerId)
  const [reason, setReason] = useState('')
  const [problem, setProblem] = useState<string | null>(null)
  const [failure, setFailure] = useState<string | null>(null)
  const formId = useId()
  const field = useRef<HTMLTextAreaElement>(null)
  // The form opens on a press of Hide: its one field takes the focus.
  useEffect(() => field.current?.focus(), [])
  const handleSubmit = async (event: FormEvent) => {
    event.preventDefault()
    if (hide.isPending) return
    const text = reason.trim()
    if (text.length < REASON_MIN) {
      setProblem(t('reviews.reasonShort'))
      return
    }
    setProblem(null)
    setFailure(null)
    try {
      await hide.mutateAsync({ taskId, reason: text })
      onHidden()
    } catch (error) {
      setFailure(describeWorkersError(error, t))
    }
  }
  return (
    <form
      className="worker-reviews__form"
      aria-labelledby={`${formId}-title`}
      noValidate
      onSubmit={(e) => void handleSubmit(e)}
    >
      <p id={`${formId}-title`} className="worker-reviews__form-title">
        {t('reviews.hideTitle')}
      </p>
      <Textarea
        label={t('reviews.reason')}
        description={t('reviews.reasonHint')}
        withAsterisk
        required
        ref={field}
        rows={3}
        maxLength={REASON_MAX}
        value={reason}
        onChange={(e) => setReason(e.currentTarget.value)}
        error={problem}
      />
      <p role="alert" className="workers-form__error">
        {failure}
      </p>
      <Group justify="flex-end">
        <Button variant="default" onClick={onCancel} disabled={hide.isPending}>
          {t('workerServices.cancel')}
        </Button>
        <Button type="submit" color="red.9" loading={hide.isPending}>
          {t('reviews.hideConfirm')}
        </Button>
      </Group>
    </form>
  )
}
