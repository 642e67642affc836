import type { MyRequestTask } from '@townworks/contract'
import { useEffect, useId, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { formatInstantDate } from '../../../lib/format'
import { RatingForm } from './rating-form'

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
