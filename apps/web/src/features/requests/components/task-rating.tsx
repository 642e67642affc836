import type { MyRequestTask } from '@townworks/contract'
import { lazy, Suspense, useEffect, useId, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { formatInstantDate } from '../../../lib/format'
import { loadWithTimeout } from '../../../lib/lazy-with-timeout'
import { RatingForm } from './rating-form'
import { WorkerProfileView } from './worker-profile-view'

// The photos of the work (their strip and their read) come in a part of their own, only for a task
// that has some: the list's first load names one file for its trust parts, not three.
const TaskPhotos = lazy(() => loadWithTimeout(() => import('./task-photos')).then((m) => ({ default: m.TaskPhotos })))

export interface TaskTrustProps {
  /**
   * `code`: the start code, above the money; `after`: the photos of the work and the rating, below it;
   * `profile`: the worker's whole profile, opened from their name.
   */
  part: 'code' | 'after' | 'profile'
  task: MyRequestTask
  /** The payment message's link asked for the rating. */
  open?: boolean
  onAnnounce?: ((text: string) => void) | undefined
  /** The profile's element id (the toggle's aria-controls). */
  id?: string
}

/**
 * What a task shows of the trust between the customer and the worker: the start code to read out at
 * the door; below the money, the photos of the finished work the worker sent, then the customer's
 * rating. The card's one lazily loaded part (my-request-card.tsx), fetched only for a task that shows
 * one of them.
 */
export function TaskTrust({ part, task, open = false, onAnnounce, id }: TaskTrustProps) {
  if (part === 'profile') {
    return task.worker ? (
      <WorkerProfileView workerId={task.worker.worker_id} id={id ?? `worker-profile-${task.id}`} />
    ) : null
  }
  if (part === 'code') {
    return task.start_code && task.worker ? <StartCode code={task.start_code} worker={task.worker.name} /> : null
  }
  return (
    <>
      {task.photo_count > 0 ? (
        <Suspense fallback={null}>
          <TaskPhotos task={task} />
        </Suspense>
      ) : null}
      {task.worker && (task.can_rate || task.rating || open) ? (
        <TaskRating task={task} open={open} onAnnounce={onAnnounce} />
      ) : null}
    </>
  )
}

/**
 * The customer's rating of the job's worker: what they gave and until when it may change, or the
 * button that opens the rating form. `open`: the payment message's link asked for it.
 */
export function TaskRating({
  task,
  open: openAtFirst,
  onAnnounce,
}: {
  task: MyRequestTask
  open: boolean
  onAnnounce?: ((text: string) => void) | undefined
}) {
  const { t, i18n } = useTranslation('trust')
  const [open, setOpen] = useState(openAtFirst && task.can_rate)
  const section = useRef<HTMLElement>(null)
  const toggle = useRef<HTMLButtonElement>(null)
  const worker = task.worker?.name ?? ''
  useEffect(() => {
    // Opened from the message's link: bring the card into view.
    if (openAtFirst) section.current?.scrollIntoView({ block: 'start' })
  }, [openAtFirst])
  const close = () => {
    setOpen(false)
    requestAnimationFrame(() => toggle.current?.focus())
  }
  const headingId = `rating-${task.id}`
  return (
    <section className="requests-rating" aria-labelledby={headingId} ref={section}>
      <h3 id={headingId} className="requests-mine-card__subtitle">
        {t('card.heading')}
      </h3>
      {task.rating ? (
        <>
          <p>
            <span className="requests-rating__stars" aria-hidden="true">
              {'★'.repeat(task.rating.stars)}
              {'☆'.repeat(5 - task.rating.stars)}
            </span>{' '}
            {t('card.gave', { stars: task.rating.stars })}
          </p>
          {task.rating.review ? <p className="requests-rating__review">{task.rating.review}</p> : null}
          {task.can_rate ? (
            <p className="requests-mine-card__small">
              {t('card.changeUntil', { date: formatInstantDate(task.rating.editable_until, i18n.language) })}
            </p>
          ) : null}
        </>
      ) : task.can_rate ? (
        <p className="requests-mine-card__small">{t('card.invite')}</p>
      ) : (
        <p className="requests-mine-card__small">{t('card.notOpen')}</p>
      )}
      {open ? (
        <RatingForm
          taskId={task.id}
          worker={worker}
          rating={task.rating}
          onSaved={(text) => {
            onAnnounce?.(text)
            close()
          }}
          onCancel={close}
        />
      ) : task.can_rate ? (
        <div className="requests-mine-card__actions">
          <button
            ref={toggle}
            type="button"
            className={task.rating ? 'button' : 'button button--primary'}
            onClick={() => setOpen(true)}
          >
            {task.rating ? t('card.change') : t('card.rate', { worker })}
          </button>
        </div>
      ) : null}
    </section>
  )
}

/** The start code the customer reads out at the door (issue 21): big, and said when to give it. */
export function StartCode({ code, worker }: { code: string; worker: string }) {
  const { t } = useTranslation('trust')
  const id = useId()
  return (
    <section className="requests-startcode" aria-labelledby={id}>
      <h3 id={id} className="requests-startcode__heading">
        {t('startCode.heading')}
      </h3>
      <p
        className="requests-startcode__digits"
        translate="no"
        aria-label={t('startCode.digitsLabel', { digits: code.split('').join(' ') })}
      >
        {code}
      </p>
      <p className="requests-mine-card__small">{t('startCode.note', { worker })}</p>
    </section>
  )
}
