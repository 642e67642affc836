import type { MyJobWithEarning } from '@townworks/contract'
import { lazy, Suspense, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { onTap, PartFailed, warm } from './on-tap'
import type { WorkPhotosPanelProps } from './work-photos-panel'

// The panel (the task's photos, the camera and the upload with its shrinking) loads on the tap, with
// the `myJobsMore` words this button already has; warmed when a pointer, finger or the keyboard
// reaches the button. Should its code not arrive, the card says so in the panel's place.
const loadPanel = onTap(() => import('./work-photos-panel'), 'myJobsMore')
const warmPanel = warm(loadPanel)
const WorkPhotosPanel = lazy(() =>
  loadPanel().then(
    (m) => ({ default: m.WorkPhotosPanel }),
    () => ({ default: (props: WorkPhotosPanelProps) => <PartFailed onClose={props.onClose} /> }),
  ),
)

export interface WorkPhotosProps {
  job: MyJobWithEarning
  /** The job's title as its card shows it. */
  title: string
  /** The worker just said the work is completed: open the panel and bring it to them. */
  openNow: boolean
}

/**
 * "Add photos of the work" on a job in progress or completed (issue 21): a button that opens the
 * panel in the card. Loaded after the jobs are drawn (job-card.tsx), with the `myJobsMore` words.
 */
export function WorkPhotos({ job, title, openNow }: WorkPhotosProps) {
  const { t } = useTranslation(['myJobsMore', 'myJobs'])
  const [open, setOpen] = useState(openNow)
  // Opened by "Yes, completed": the focus goes to the panel's heading, which says what it is for.
  const [focusPanel, setFocusPanel] = useState(openNow)
  const toggle = useRef<HTMLButtonElement>(null)
  const panelId = `job-${job.assignment_id}-photos`

  // "Yes, completed" said after the button was drawn: open now (state adjusted while rendering).
  const [askedBefore, setAskedBefore] = useState(openNow)
  if (openNow !== askedBefore) {
    setAskedBefore(openNow)
    if (openNow) {
      setOpen(true)
      setFocusPanel(true)
    }
  }

  const close = () => {
    setOpen(false)
    setFocusPanel(false)
    requestAnimationFrame(() => toggle.current?.focus())
  }

  return (
    <div className="job__photos-toggle">
      <button
        ref={toggle}
        type="button"
        className="button jobs__button"
        aria-expanded={open}
        aria-controls={open ? panelId : undefined}
        aria-label={t(open ? 'photos.closeLabel' : 'photos.openLabel', { task: title })}
        onPointerOver={warmPanel}
        onTouchStart={warmPanel}
        onFocus={warmPanel}
        onClick={() => (open ? close() : setOpen(true))}
      >
        {open ? t('photos.close') : t('photos.open')}
      </button>
      {open ? (
        <Suspense fallback={<p role="status">{t('myJobs:opening')}</p>}>
          <WorkPhotosPanel id={panelId} job={job} title={title} focusHeading={focusPanel} onClose={close} />
        </Suspense>
      ) : null}
    </div>
  )
}
