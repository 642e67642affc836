import type { MyJobsResponse } from '@townworks/contract'
import { lazy, Suspense, useEffect, useState, type ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { LanguageList } from '../../../components/language-list'
import { onTap, PartFailed, warm } from './on-tap'
import './my-profile.css'

// "My working time" opens on a tap: its form is not part of the jobs' first paint (decision 046), nor
// are its words, the office's `workers` namespace (decision 047): both are fetched together. Should its
// code not arrive, the panel says so and the rest of the screen keeps working.
const loadAvailabilityForm = onTap(() => import('./availability-form'), 'workers')
const AvailabilityForm = lazy(() =>
  loadAvailabilityForm().then(
    (m) => ({ default: m.AvailabilityForm }),
    () => ({ default: () => <PartFailed /> }),
  ),
)

// "Show my reviews" likewise, with the `myJobsMore` words.
const loadRatingsPanel = onTap(() => import('./my-ratings-panel'), 'myJobsMore')
const MyRatingsPanel = lazy(() =>
  loadRatingsPanel().then(
    (m) => ({ default: m.MyRatingsPanel }),
    () => ({ default: () => <PartFailed /> }),
  ),
)

// "Change my photo and languages" likewise.
const loadProfilePanel = onTap(() => import('./my-profile-panel'), 'myJobsMore')
const MyProfilePanel = lazy(() =>
  loadProfilePanel().then(
    (m) => ({ default: m.MyProfilePanel }),
    () => ({ default: () => <PartFailed /> }),
  ),
)

export interface MyJobsSectionsProps {
  worker: NonNullable<MyJobsResponse['worker']>
}

/**
 * My jobs below the jobs: the worker's standing ("★ 4.5 · 12 ratings · 30 jobs done") with their
 * reviews a tap away, their profile as customers see it (photo, languages) and their working time. Loaded after the jobs, with the `myJobsMore` words
 * (my-jobs-screen.tsx).
 */
export function MyJobsSections({ worker }: MyJobsSectionsProps) {
  const { t } = useTranslation(['myJobsMore', 'myJobs'])
  // The parts a job's buttons open on a tap (the start code form, the photos of the work), fetched now,
  // after the jobs are drawn: on a site with no signal the tap still finds them (issue 23).
  useEffect(() => {
    void Promise.all([import('./start-code-form'), import('./work-photos'), import('./work-photos-panel')]).catch(
      () => undefined,
    )
  }, [])
  return (
    <>
      <TapSection
        id="jobs-ratings"
        heading={t('ratings.heading')}
        labels={[t('ratings.show'), t('ratings.hide')]}
        loading={t('myJobs:opening')}
        warm={warm(loadRatingsPanel)}
        panel={() => <MyRatingsPanel workerId={worker.worker_id} />}
      >
        <p className="jobs__standing">
          {[
            worker.rating_avg === null || worker.rating_count === 0
              ? t('ratings.none')
              : t('ratings.rated', { avg: worker.rating_avg.toFixed(1), count: worker.rating_count }),
            t('ratings.jobsDone', { count: worker.jobs_done }),
          ].join(' · ')}
        </p>
      </TapSection>
      <TapSection
        id="jobs-profile"
        heading={t('profile.heading')}
        labels={[t('profile.open'), t('profile.close')]}
        loading={t('myJobs:opening')}
        warm={warm(loadProfilePanel)}
        panel={() => <MyProfilePanel worker={worker} />}
      >
        <div className="profile__card">
          {worker.photo_url ? (
            <img className="profile__photo" src={worker.photo_url} alt={t('profile.photoAlt')} width={64} height={64} />
          ) : (
            <span className="profile__photo profile__photo--none" aria-hidden="true">
              {worker.name.slice(0, 1)}
            </span>
          )}
          <div>
            {worker.photo_url ? null : <p className="jobs__standing">{t('profile.noPhoto')}</p>}
            <p className="jobs__standing">
              {worker.languages.length > 0 ? (
                <LanguageList languages={worker.languages} label={t('profile.languagesLabel')} />
              ) : (
                t('profile.noLanguages')
              )}
            </p>
          </div>
        </div>
      </TapSection>
      <TapSection
        id="jobs-time"
        heading={t('myJobs:myTime')}
        labels={[t('myJobs:myTime'), t('myJobs:availability.close')]}
        loading={t('myJobs:availability.loading')}
        warm={warm(loadAvailabilityForm)}
        panel={() => <AvailabilityForm workerId={worker.worker_id} />}
      />
    </>
  )
}

interface TapSectionProps {
  id: string
  heading: string
  /** The button's words to open and to close the panel. */
  labels: [string, string]
  /** Said while the panel's code and words arrive. */
  loading: string
  warm: () => void
  /** Shown above the button. */
  children?: ReactNode
  panel: () => ReactNode
}

/** A section whose button opens a part loaded on the tap (warmed when the button is reached). */
function TapSection({ id, heading, labels, loading, warm, children, panel }: TapSectionProps) {
  const [open, setOpen] = useState(false)
  return (
    <section className="jobs__section" aria-labelledby={id}>
      <h2 id={id} className="jobs__heading">
        {heading}
      </h2>
      {children}
      <button
        type="button"
        className="button jobs__button"
        aria-expanded={open}
        aria-controls={`${id}-panel`}
        onPointerOver={warm}
        onTouchStart={warm}
        onFocus={warm}
        onClick={() => setOpen((v) => !v)}
      >
        {labels[open ? 1 : 0]}
      </button>
      <div id={`${id}-panel`} hidden={!open}>
        {open ? <Suspense fallback={<p role="status">{loading}</p>}>{panel()}</Suspense> : null}
      </div>
    </section>
  )
}
