import { nextStatuses, type TaskStatus } from '@townworks/contract/constants'
import type { MyJobWithEarning } from '@townworks/contract'
import { lazy, Suspense, useEffect, useRef, useState, type ComponentType, type ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { PhoneLink } from '../../../components/phone-link'
import { formatDate, formatMoney, formatTime } from '../../../lib/format'
import { useNames } from '../../../lib/names'
import { actionFor, jobTitle, mapsLink, placeText, type JobAction } from '../model/my-job'
import type { RequestPhotoButtonProps } from '../../../lib/shared-api/request-photo-button'
import { loadWithTimeout } from '../../../lib/lazy-with-timeout'
import { useStatusLabel } from '../../../lib/status-labels'
import type { StartCodeFormProps } from './start-code-form'
import { onTap, PartFailed, warm } from './on-tap'
import type { WorkPhotosProps } from './work-photos'
import { useAfterPaint } from '../../../lib/use-after-paint'

// The start code form (issue 21) opens on the tap: its code and its words (`myJobsMore`) are no part of
// the jobs' first paint (decisions 046, 047); both are fetched together, warmed when a pointer, finger
// or the keyboard reaches Start. Should they not arrive, the card says so in the form's place.
const loadStartForm = onTap(() => import('./start-code-form'), 'myJobsMore')
const warmStartForm = warm(loadStartForm)
const StartCodeForm = lazy(() =>
  loadStartForm().then(
    (m) => ({ default: m.StartCodeForm }),
    () => ({ default: (props: StartCodeFormProps) => <PartFailed onClose={props.onCancel} /> }),
  ),
)

// "Show the photo" of a job whose customer sent one comes with that job, not in the screen's first paint
// (issue 23 made room there for the offline code): should it not arrive, the card shows no button.
const RequestPhotoButton = lazy(() =>
  loadWithTimeout(() => import('../../../lib/shared-api/request-photo-button')).then(
    (m) => ({ default: m.RequestPhotoButton }),
    (): { default: ComponentType<RequestPhotoButtonProps> } => ({ default: () => null }),
  ),
)

// Photos of the work (issue 21): the button of a job in progress or completed comes after the jobs are
// drawn, with the `myJobsMore` words; the panel it opens loads on the tap (work-photos.tsx). Should
// its code not arrive, the card shows no button.
const WorkPhotos = lazy(() =>
  onTap(() => import('./work-photos'), 'myJobsMore')().then(
    (m) => ({ default: m.WorkPhotos }),
    (): { default: ComponentType<WorkPhotosProps> } => ({ default: () => null }),
  ),
)

export interface JobCardProps {
  job: MyJobWithEarning
  busy: boolean
  onMove: (job: MyJobWithEarning, to: TaskStatus, title: string) => Promise<void>
  /** The job started with the customer's code (the start code form), or was kept on the phone (`kept` says so). */
  onStarted: (title: string, kept?: string) => void
  /** What of this job waits on the phone, or was refused (issue 23): under its status. */
  note?: ReactNode
}

/**
 * One job on a worker's phone: what, when, where (with a Maps link), for whom (tap to call), what
 * they earn, and a large button for each next step. "Completed" asks first: it messages the customer.
 */
export function JobCard({ job, busy, onMove, onStarted, note }: JobCardProps) {
  const { t, i18n } = useTranslation('myJobs')
  const statusName = useStatusLabel()
  const names = useNames()
  const [confirming, setConfirming] = useState(false)
  // The start code form is open; the tries were used up (before the list says so).
  const [starting, setStarting] = useState(false)
  const [usedUp, setUsedUp] = useState(false)
  // "Yes, completed" was said here: the photos panel opens.
  const [completedHere, setCompletedHere] = useState(false)
  const photosOpen = job.status === 'work_inprogress' || job.status === 'work_completed'
  const photosDrawn = useAfterPaint(photosOpen)
  const completeButton = useRef<HTMLButtonElement>(null)
  const startButton = useRef<HTMLButtonElement>(null)
  const usedUpNotice = useRef<HTMLParagraphElement>(null)
  const heading = useRef<HTMLHeadingElement>(null)
  const title = jobTitle(job, names.service)
  const code = job.status === 'assigned' ? (usedUp ? 'used_up' : job.start_code?.state) : undefined
  const moves = nextStatuses(job.status, ['worker'])
    .map((to) => ({ to, action: actionFor(job.status, to) }))
    .filter((m): m is { to: TaskStatus; action: JobAction } => m.action !== undefined)
    // Tries used up: the office starts it; while the code form is open, it is the Start.
    .filter((m) => m.action !== 'start' || (code !== 'used_up' && !starting))
  const titleId = `job-${job.assignment_id}`

  const closeConfirm = () => {
    setConfirming(false)
    // Back where the worker was: the Complete button (after the panel has gone).
    requestAnimationFrame(() => completeButton.current?.focus())
  }
  const closeStart = () => {
    setStarting(false)
    requestAnimationFrame(() => startButton.current?.focus())
  }
  const press = (to: TaskStatus, action: JobAction) => {
    if (action === 'complete') setConfirming(true)
    else if (action === 'start' && code === 'needed') setStarting(true)
    else void onMove(job, to, title)
  }

  return (
    <article className="job" aria-labelledby={titleId}>
      <h3 id={titleId} className="job__title" tabIndex={-1} ref={heading}>
        {title}
      </h3>
      <p className="job__time">
        {t('time', {
          date: formatDate(job.assignment_date, i18n.resolvedLanguage),
          start: formatTime(job.start_time),
          end: formatTime(job.end_time),
        })}
      </p>
      <p className={`job__status job__status--${job.status}`}>
        {t('status')}: <strong>{statusName(job.status)}</strong>
      </p>
      {note}
      <JobFacts job={job} />
      {code === 'used_up' ? (
        <p className="job__notice" role="status" tabIndex={-1} ref={usedUpNotice}>
          {t('startCode.usedUp')}
        </p>
      ) : null}
      {confirming ? (
        <CompleteConfirm
          job={job}
          title={title}
          busy={busy}
          onConfirm={async () => {
            await onMove(job, 'work_completed', title)
            setConfirming(false)
            setCompletedHere(true)
          }}
          onCancel={closeConfirm}
        />
      ) : (
        <div className="job__actions">
          <PhoneLink
            phone={job.customer_phone}
            className="button jobs__button"
            label={t('callLabel', { name: job.customer_name ?? t('unknownCustomer') })}
          />
          {moves.map(({ to, action }) => (
            <button
              key={to}
              ref={action === 'complete' ? completeButton : action === 'start' ? startButton : undefined}
              type="button"
              className={`button jobs__button ${action === 'pause' ? '' : 'button--primary'}`}
              aria-label={t('actionLabel', { action: t(`actions.${action}`), task: title })}
              disabled={busy}
              {...(action === 'start' && code === 'needed'
                ? { onPointerOver: warmStartForm, onTouchStart: warmStartForm, onFocus: warmStartForm }
                : null)}
              onClick={() => press(to, action)}
            >
              {t(`actions.${action}`)}
            </button>
          ))}
        </div>
      )}
      {photosOpen && photosDrawn && !confirming ? (
        <Suspense fallback={null}>
          <WorkPhotos job={job} title={title} openNow={completedHere} />
        </Suspense>
      ) : null}
      {starting && code === 'needed' ? (
        <Suspense fallback={<p role="status">{t('opening')}</p>}>
          <StartCodeForm
            job={job}
            title={title}
            onStarted={(kept) => {
              setStarting(false)
              onStarted(title, kept)
              // The form has gone: the focus goes to the job, whose next steps are now shown.
              requestAnimationFrame(() => heading.current?.focus())
            }}
            onUsedUp={() => {
              setStarting(false)
              setUsedUp(true)
              requestAnimationFrame(() => usedUpNotice.current?.focus())
            }}
            onCancel={closeStart}
          />
        </Suspense>
      ) : null}
    </article>
  )
}

/** Who, where, what, and what the worker earns. */
function JobFacts({ job }: { job: MyJobWithEarning }) {
  const { t, i18n } = useTranslation('myJobs')
  const names = useNames()
  const maps = mapsLink(job)
  return (
    <dl className="job__facts">
      <div>
        <dt>{t('customer')}</dt>
        <dd>{job.customer_name ?? t('unknownCustomer')}</dd>
      </div>
      {maps ? (
        <div>
          <dt>{t('place')}</dt>
          <dd className="job__place">
            <span>{placeText(job, names.town)}</span>
            <a
              className="job__maps"
              href={maps}
              target="_blank"
              rel="noopener noreferrer"
              aria-label={t('openInMapsLabel', { place: placeText(job, names.town) })}
            >
              {t('openInMaps')}
            </a>
          </dd>
        </div>
      ) : null}
      {job.service_name ? (
        <div>
          <dt>{t('service')}</dt>
          <dd>{names.service(job.service_name)}</dd>
        </div>
      ) : null}
      {job.service_desc ? (
        <div>
          <dt>{t('details')}</dt>
          <dd>{job.service_desc}</dd>
        </div>
      ) : null}
      {job.request?.description || (job.request?.problems.length ?? 0) > 0 ? (
        <div>
          <dt>{t('problem')}</dt>
          <dd data-testid="job-problem">
            {[...(job.request?.problems ?? []).map((c) => t(`chips.${c}` as 'chips.leak')), job.request?.description]
              .filter(Boolean)
              .join(' · ')}
          </dd>
        </div>
      ) : null}
      {job.request?.has_photo ? (
        <div>
          <dt>{t('photo')}</dt>
          <dd>
            <Suspense fallback={null}>
              <RequestPhotoButton requestId={job.request.request_id} label={t('showPhoto')} alt={t('photoAlt')} />
            </Suspense>
          </dd>
        </div>
      ) : null}
      {job.request?.time_window ? (
        <div>
          <dt>{t('timeWindow')}</dt>
          <dd>{t(`window.${job.request.time_window}`)}</dd>
        </div>
      ) : null}
      <div>
        <dt>{t('earning')}</dt>
        <dd className="job__earning">
          {job.earning_paise === null ? t('earningUnknown') : formatMoney(job.earning_paise, i18n.resolvedLanguage)}
        </dd>
      </div>
    </dl>
  )
}

interface CompleteConfirmProps {
  job: MyJobWithEarning
  title: string
  busy: boolean
  onConfirm: () => Promise<void>
  onCancel: () => void
}

/** "Is the work done?": saying yes messages the customer to check it and pay, so it is asked first. */
function CompleteConfirm({ job, title, busy, onConfirm, onCancel }: CompleteConfirmProps) {
  const { t } = useTranslation('myJobs')
  const questionId = `job-${job.assignment_id}-confirm`
  const question = useRef<HTMLParagraphElement>(null)
  // The question is read out first when it appears (focus moves to it, once).
  useEffect(() => question.current?.focus(), [])
  return (
    <div className="job__confirm" role="group" aria-labelledby={questionId}>
      <p id={questionId} className="job__confirm-question" tabIndex={-1} ref={question}>
        {t('confirmComplete.question', { task: title })}
      </p>
      <p className="job__confirm-note">
        {t('confirmComplete.note', { customer: job.customer_name ?? t('confirmComplete.theCustomer') })}
      </p>
      <div className="job__actions">
        <button
          type="button"
          className="button jobs__button button--primary"
          disabled={busy}
          onClick={() => void onConfirm()}
        >
          {t('confirmComplete.yes')}
        </button>
        <button type="button" className="button jobs__button" onClick={onCancel}>
          {t('confirmComplete.no')}
        </button>
      </div>
    </div>
  )
}
