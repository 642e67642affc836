import { newIdempotencyKey } from '../../../lib/idempotency-key'
import type { MyJobWithEarning, TaskPhotoUpload } from '@townworks/contract'
import {
  TASK_PHOTO_MAX_BYTES,
  TASK_PHOTO_MAX_SIDE,
  TASK_PHOTO_STATUSES,
  TASK_PHOTOS_MAX,
} from '@townworks/contract/task-photo-rules'
import { useEffect, useRef, useState, type ChangeEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { PhotoStrip } from '../../../components/photo-strip'
import { ApiError } from '../../../lib/api-client'
import { apiFailure } from '../../../lib/api-error-text'
import { readPhoto } from '../../../lib/photo'
import { useTaskPhotos } from '../../../lib/shared-api/task-photos'
import { useAddTaskPhoto } from '../api/add-task-photo'
import { useDeleteTaskPhoto } from '../api/delete-task-photo'
import { blobOf } from '../api/job-outbox'
import { outboxItems, useOutbox } from '../../../lib/offline/outbox'
import { useSession } from '../../../lib/session'
import { isWaiting, JOB_OUTBOX_KIND, noSignal, type JobQueueItem } from '../model/job-queue'
import { describeMyJobsError } from './error-text'
import { queueJobAction, useOnline } from './job-queue'
import './work-photos.css'

/** Where a chosen photo stands: made smaller, waiting its turn, on its way, sent, or not. */
type Step = 'preparing' | 'waiting' | 'sending' | 'sent' | 'failed' | 'refused'

interface Item {
  /** This screen's own name for it (a React key). */
  id: string
  name: string
  step: Step
  /** The photo as sent (base64), kept until it is sent: a retry sends the same bytes. */
  photo?: TaskPhotoUpload
  /** Its Idempotency-Key, the same for every retry: a retry after a lost answer is stored once. */
  key: string
  /** While it is sending: how much of it has gone, 0–100, once the phone has said. */
  percent?: number
  problem?: string
}

/** The live region says how a photo goes at these steps of its bytes, not at every step of the bar. */
const SAY_EVERY_PERCENT = 25

const newKey = () => newIdempotencyKey('ph')

export interface WorkPhotosPanelProps {
  id: string
  job: MyJobWithEarning
  title: string
  /** Move the focus to the panel's heading when it opens. */
  focusHeading: boolean
  onClose: () => void
}

/**
 * The photos of the work of one job (issue 21), in its card on My jobs: those sent, each a tap from
 * full size with Remove under it, and "Take a photo" (the camera) and "Choose photos". Each chosen
 * photo is made smaller in the phone (a JPEG of at most 1600 px and 600 KB), then sent one by one,
 * each with its own state and its bytes' progress ("Sending photo 2 of 3 — 40%", the live region told
 * at every quarter); one that did not go keeps its place and its bytes, with Retry. Closing the panel
 * stops the upload. Loaded on the tap (work-photos.tsx), its words the `myJobsMore` namespace.
 */
export function WorkPhotosPanel({ id, job, title, focusHeading, onClose }: WorkPhotosPanelProps) {
  const { t } = useTranslation('myJobsMore')
  const { t: tJobs } = useTranslation('myJobs')
  const photos = useTaskPhotos(job.task_id)
  const add = useAddTaskPhoto()
  const remove = useDeleteTaskPhoto()
  // With no signal (issue 23), a photo is kept on the phone (its bytes in IndexedDB) and sent later with its
  // own key, after this job's actions that wait before it.
  const owner = useSession().user ?? ''
  const online = useOnline()
  const onPhone = useOutbox(owner, { kind: JOB_OUTBOX_KIND, subject: job.task_id }) as JobQueueItem[]
  const keptPhotos = onPhone.filter((i) => i.payload.do === 'photo' && isWaiting(i))
  const noLine = photos.data === undefined && (!online || (photos.isError && noSignal(photos.error)))
  const [items, setItems] = useState<Item[]>([])
  const current = useRef<Item[]>([])
  const [note, setNote] = useState<{ tone: 'ok' | 'error'; text: string } | null>(null)
  const sending = useRef(false)
  // Aborted when the panel goes: the photo on its way stops, and so do those waiting.
  const stop = useRef<AbortController>(null)
  const heading = useRef<HTMLHeadingElement>(null)
  const cameraInput = useRef<HTMLInputElement>(null)
  const galleryInput = useRef<HTMLInputElement>(null)
  const takeButton = useRef<HTMLButtonElement>(null)

  useEffect(() => {
    if (focusHeading) heading.current?.focus()
  }, [focusHeading])

  useEffect(() => {
    const controller = new AbortController()
    stop.current = controller
    return () => controller.abort()
  }, [])

  const setAll = (next: Item[]) => {
    current.current = next
    setItems(next)
  }
  const change = (itemId: string, patch: Partial<Item>) =>
    setAll(current.current.map((item) => (item.id === itemId ? { ...item, ...patch } : item)))

  const stored = photos.data?.photos ?? []
  const max = photos.data?.max ?? TASK_PHOTOS_MAX
  // Chosen and not yet refused: each takes a place of the job's photos.
  const queued = items.filter((item) => item.step !== 'sent' && item.step !== 'refused')
  const room = Math.max(0, max - stored.length - queued.length - keptPhotos.length)
  // Photos are added and taken back while the work is in progress or completed.
  const open = (photos.data !== undefined || noLine) && (TASK_PHOTO_STATUSES as readonly string[]).includes(job.status)
  const full = stored.length >= max

  /** What a refused or failed photo says; a failure of the line keeps it for Retry. */
  const outcomeOf = (error: unknown): Pick<Item, 'step' | 'problem'> => {
    const failure = apiFailure(error)
    const reason = error instanceof ApiError ? error.details.reason : undefined
    if (failure === 'CONFLICT' && reason === 'photos_full')
      return { step: 'refused', problem: t('photos.full', { max }) }
    if (failure === 'CONFLICT' && reason === 'photos_closed') return { step: 'refused', problem: t('photos.closed') }
    if (failure === 'PAYLOAD_TOO_LARGE') return { step: 'refused', problem: t('photos.tooBig') }
    if (failure === 'UNSUPPORTED_MEDIA_TYPE' || failure === 'VALIDATION_FAILED') {
      return { step: 'refused', problem: t('photos.notImage') }
    }
    const message = describeMyJobsError(error, tJobs, tJobs('errors.jobNotFound'))
    if (failure === 'NOT_FOUND' || failure === 'FORBIDDEN') return { step: 'refused', problem: message }
    return { step: 'failed', problem: t('photos.failed', { message }) }
  }

  /** Send the waiting photos one at a time, in the order chosen (one call at a time on a slow line). */
  const sendWaiting = async () => {
    if (sending.current) return
    sending.current = true
    try {
      for (;;) {
        const signal = stop.current?.signal
        const next = current.current.find((item) => item.step === 'waiting')
        if (!next?.photo || !signal || signal.aborted) break
        // No signal, or this job's earlier actions still wait on the phone: the photo waits with them.
        const keep = async (photo: TaskPhotoUpload) => {
          await queueJobAction(
            owner,
            { do: 'photo', taskId: job.task_id, name: next.name, photo: blobOf(photo), title },
            next.key,
          )
          setAll(current.current.filter((item) => item.id !== next.id))
        }
        const before = await outboxItems(owner)
        if (
          !navigator.onLine ||
          before.some((i) => i.kind === JOB_OUTBOX_KIND && i.subject === String(job.task_id) && isWaiting(i))
        ) {
          await keep(next.photo)
          continue
        }
        change(next.id, { step: 'sending', problem: undefined, percent: undefined })
        // The bar moves by whole percents: a re-render for each, not for each of the phone's events.
        let shown: number | undefined
        const onProgress = ({ loaded, total }: { loaded: number; total: number }) => {
          const percent = total > 0 ? Math.min(100, Math.floor((loaded * 100) / total)) : 0
          if (percent === shown) return
          shown = percent
          change(next.id, { percent })
        }
        try {
          await add.mutateAsync({
            taskId: job.task_id,
            photo: next.photo,
            idempotencyKey: next.key,
            onProgress,
            signal,
          })
          change(next.id, { step: 'sent', photo: undefined, percent: undefined })
        } catch (error) {
          // The panel has gone: nothing is left to tell.
          if (signal.aborted) break
          // The phone says it has no network: kept on it, to go later. A line that dropped while the phone
          // still says it has one keeps the photo here, with Retry.
          if (noSignal(error) && !navigator.onLine) await keep(next.photo)
          else change(next.id, { ...outcomeOf(error), percent: undefined })
        }
      }
    } finally {
      sending.current = false
    }
  }

  const choose = async (event: ChangeEvent<HTMLInputElement>) => {
    const files = Array.from(event.target.files ?? [])
    // Cleared, so choosing the same photo again is a new choice.
    event.target.value = ''
    if (files.length === 0) return
    const taken = files.slice(0, room)
    setNote(files.length > taken.length ? { tone: 'error', text: t('photos.tooMany', { count: taken.length }) } : null)
    if (taken.length === 0) return
    // A new round: the photos sent before are in the list above by now.
    const fresh: Item[] = taken.map((file) => ({ id: newKey(), name: file.name, step: 'preparing', key: newKey() }))
    setAll([...current.current.filter((item) => item.step !== 'sent' && item.step !== 'refused'), ...fresh])
    for (const [n, file] of taken.entries()) {
      const result = await readPhoto(file, {
        maxSide: TASK_PHOTO_MAX_SIDE,
        maxBytes: TASK_PHOTO_MAX_BYTES,
        always: true,
      })
      const item = fresh[n]!
      if (result.ok) change(item.id, { step: 'waiting', photo: { type: result.photo.type, data: result.photo.data } })
      else
        change(item.id, {
          step: 'refused',
          problem: t(result.error === 'photoType' ? 'photos.notImage' : 'photos.tooBig'),
        })
      // The first goes while the next is made smaller.
      void sendWaiting()
    }
  }

  const retry = (item: Item) => {
    change(item.id, { step: 'waiting', problem: undefined })
    void sendWaiting()
  }
  const discard = (item: Item) => {
    setAll(current.current.filter((other) => other.id !== item.id))
    requestAnimationFrame(() => takeButton.current?.focus())
  }

  const removeStored = async (photoId: number, n: number) => {
    setNote(null)
    try {
      await remove.mutateAsync({ id: photoId, taskId: job.task_id })
      setNote({ tone: 'ok', text: t('photos.removed', { n }) })
      requestAnimationFrame(() => (takeButton.current ?? heading.current)?.focus())
    } catch (error) {
      const message = describeMyJobsError(error, tJobs, tJobs('errors.jobNotFound'))
      setNote({ tone: 'error', text: t('photos.removeFailed', { message }) })
    }
  }

  // "Sending photo 2 of 3 — 40%" while this round goes (the live region told at each quarter); then
  // what came of it.
  const round = items.filter((item) => item.step !== 'refused')
  const sent = round.filter((item) => item.step === 'sent').length
  const failed = round.filter((item) => item.step === 'failed').length
  const busy = round.some((item) => item.step === 'preparing' || item.step === 'waiting' || item.step === 'sending')
  const percent = round.find((item) => item.step === 'sending')?.percent
  const sendingOf = (upTo: number | undefined) => {
    const n = Math.min(sent + 1, round.length)
    return upTo === undefined || upTo === 0
      ? t('photos.sendingOf', { n, total: round.length })
      : t('photos.sendingPercent', { n, total: round.length, percent: upTo })
  }
  const now = busy ? sendingOf(percent) : ''
  const said = busy ? sendingOf(percent === undefined ? undefined : percent - (percent % SAY_EVERY_PERCENT)) : ''
  const outcome = busy
    ? ''
    : failed > 0
      ? t('photos.someFailed', { count: failed })
      : sent > 0
        ? t('photos.allSent', { count: sent })
        : ''
  const headingId = `${id}-heading`
  const shown = items.filter((item) => item.step !== 'sent')

  return (
    <section id={id} className="job__photos" aria-labelledby={headingId}>
      <h4 id={headingId} className="job__photos-heading" tabIndex={-1} ref={heading}>
        {t('photos.heading')}
      </h4>
      <p className="job__photos-hint">{t('photos.hint', { max })}</p>

      {noLine ? (
        <p className="job__notice">{t('photos.offline')}</p>
      ) : photos.isPending ? (
        <p role="status">{t('photos.loading')}</p>
      ) : photos.isError ? (
        <div role="alert" className="job__notice">
          <p>{t('photos.loadFailed')}</p>
          <button type="button" className="button jobs__button" onClick={() => void photos.refetch()}>
            {t('photos.reload')}
          </button>
        </div>
      ) : stored.length === 0 ? (
        <p className="job__photos-none">{t('photos.none')}</p>
      ) : (
        <PhotoStrip
          photos={stored}
          label={t('photos.sentLabel', { task: title })}
          alt={(n, total) => t('photos.alt', { n, total })}
          below={
            open
              ? (photo, n) => (
                  <button
                    type="button"
                    className="button job__photos-remove"
                    aria-label={t('photos.removeLabel', { n })}
                    disabled={remove.isPending}
                    onClick={() => void removeStored(photo.id, n)}
                  >
                    {t('photos.remove')}
                  </button>
                )
              : undefined
          }
        />
      )}

      {keptPhotos.length > 0 ? (
        <ul className="job__photos-queue" aria-label={t('photos.queueLabel')}>
          {keptPhotos.map((item) => (
            <li key={item.id} className="job__photos-item job__photos-item--waiting">
              <span className="job__photos-preview" aria-hidden="true" />
              <div className="job__photos-state">
                <p className="job__photos-name">{item.payload.do === 'photo' ? item.payload.name : null}</p>
                <p>{t('photos.step.queued')}</p>
              </div>
            </li>
          ))}
        </ul>
      ) : null}
      {shown.length > 0 ? (
        <ul className="job__photos-queue" aria-label={t('photos.queueLabel')}>
          {shown.map((item) => (
            <li key={item.id} className={`job__photos-item job__photos-item--${item.step}`}>
              {item.photo ? (
                <img
                  className="job__photos-preview"
                  src={`data:${item.photo.type};base64,${item.photo.data}`}
                  alt=""
                  width={56}
                  height={56}
                />
              ) : (
                <span className="job__photos-preview" aria-hidden="true" />
              )}
              <div className="job__photos-state">
                <p className="job__photos-name">{item.name}</p>
                <p>{item.problem ?? t(`photos.step.${item.step}` as 'photos.step.waiting')}</p>
                {item.step === 'sending' ? (
                  // Without a value until the phone says how much has gone: a bar that moves without a number.
                  <progress
                    aria-label={t('photos.sendingLabel', { name: item.name })}
                    max={100}
                    value={item.percent}
                    aria-valuenow={item.percent}
                  />
                ) : null}
                {item.step === 'failed' || item.step === 'refused' ? (
                  <div className="job__photos-item-actions">
                    {item.step === 'failed' ? (
                      <button
                        type="button"
                        className="button button--primary"
                        aria-label={t('photos.retryLabel', { name: item.name })}
                        onClick={() => retry(item)}
                      >
                        {t('photos.retry')}
                      </button>
                    ) : null}
                    <button
                      type="button"
                      className="button"
                      aria-label={t('photos.discardLabel', { name: item.name })}
                      onClick={() => discard(item)}
                    >
                      {t('photos.discard')}
                    </button>
                  </div>
                ) : null}
              </div>
            </li>
          ))}
        </ul>
      ) : null}

      {/* As the bytes go: every percent on the screen, each quarter in the live region below. */}
      {busy ? (
        <div className="job__photos-now">
          <p>{now}</p>
          <progress
            className="job__photos-progress"
            max={round.length}
            value={sent + (percent ?? 0) / 100}
            aria-label={t('photos.progressLabel')}
          />
        </div>
      ) : null}
      <p role="status" className="visually-hidden">
        {said}
      </p>
      <div aria-live="polite" className="job__photos-live">
        {outcome ? <p className={failed > 0 ? 'workers-form__error' : undefined}>{outcome}</p> : null}
        {note ? <p className={note.tone === 'ok' ? 'workers-form__ok' : 'workers-form__error'}>{note.text}</p> : null}
      </div>

      {photos.data && !open ? <p className="job__notice">{t('photos.closed')}</p> : null}
      {photos.data && open && full ? <p className="job__photos-hint">{t('photos.full', { max })}</p> : null}
      {photos.data && open && !full ? <p className="job__photos-hint">{t('photos.room', { count: room })}</p> : null}

      {/* The file inputs stay hidden: the buttons, labelled and 48 px high, open them. */}
      <input
        ref={cameraInput}
        type="file"
        accept="image/*"
        capture="environment"
        multiple
        hidden
        data-testid="work-photos-camera"
        onChange={(e) => void choose(e)}
      />
      <input
        ref={galleryInput}
        type="file"
        accept="image/*"
        multiple
        hidden
        data-testid="work-photos-gallery"
        onChange={(e) => void choose(e)}
      />
      <div className="job__actions">
        {open && room > 0 ? (
          <>
            <button
              ref={takeButton}
              type="button"
              className="button jobs__button button--primary"
              onClick={() => cameraInput.current?.click()}
            >
              {t('photos.take')}
            </button>
            <button type="button" className="button jobs__button" onClick={() => galleryInput.current?.click()}>
              {t('photos.choose')}
            </button>
          </>
        ) : null}
        <button type="button" className="button jobs__button" onClick={onClose}>
          {t('photos.close')}
        </button>
      </div>
    </section>
  )
}
