import { Button, Group } from '@mantine/core'
import type { WorkerDetail } from '@townworks/contract'
import { useId, useRef } from 'react'
import { useTranslation } from 'react-i18next'
import { useWorkerPhoto, type PhotoStep } from './use-worker-photo'
import './worker-form.css'

/** The photo's size on screen: the same with a photo, without one and while one is on its way. */
const SIDE = 96

/**
 * The worker's photo in /wss's edit dialog (issue 21): the photo (or an empty frame of the same size),
 * "Add photo" or "Change photo", which opens the file chooser, and "Remove photo". A chosen photo is
 * saved at once, apart from the form's Save: the dialog says so, and how it goes, in words.
 */
export function WorkerPhoto({ worker }: { worker: Pick<WorkerDetail, 'worker_id' | 'worker_name' | 'photo_url'> }) {
  const { t } = useTranslation('workerForm')
  const photo = useWorkerPhoto(worker.worker_id, worker.photo_url)
  const input = useRef<HTMLInputElement>(null)
  const headingId = useId()
  return (
    <section className="worker-photo" aria-labelledby={headingId} aria-busy={photo.busy}>
      <h3 id={headingId} className="worker-photo__heading">
        {t('photo.heading')}
      </h3>
      <div className="worker-photo__body">
        {photo.url ? (
          <img
            className="worker-photo__img"
            src={photo.url}
            alt={t('photo.alt', { name: worker.worker_name })}
            width={SIDE}
            height={SIDE}
          />
        ) : (
          <span className="worker-photo__img worker-photo__img--none">{t('photo.none')}</span>
        )}
        <div className="worker-photo__side">
          <p className="worker-photo__hint">{t('photo.hint')}</p>
          {/* Hidden: the button, labelled, opens it. */}
          <input
            ref={input}
            type="file"
            accept="image/*"
            hidden
            data-testid="worker-photo-file"
            onChange={(event) => {
              const file = event.currentTarget.files?.[0]
              // Cleared, so choosing the same file again is a new choice.
              event.currentTarget.value = ''
              void photo.choose(file)
            }}
          />
          <Group gap="sm">
            <Button variant="outline" disabled={photo.busy} onClick={() => input.current?.click()}>
              {photo.url ? t('photo.change') : t('photo.add')}
            </Button>
            {photo.url ? (
              <Button variant="outline" color="red.9" disabled={photo.busy} onClick={() => void photo.remove()}>
                {t('photo.remove')}
              </Button>
            ) : null}
          </Group>
          <PhotoState step={photo.step} />
        </div>
      </div>
    </section>
  )
}

/** How the photo goes, in words: a polite status while it goes and once saved, an alert when refused. */
function PhotoState({ step }: { step: PhotoStep }) {
  const { t } = useTranslation('workerForm')
  const busy = step.kind === 'preparing' || step.kind === 'sending' || step.kind === 'removing'
  const now =
    step.kind === 'preparing'
      ? t('photo.preparing')
      : step.kind === 'sending'
        ? t('photo.sending')
        : step.kind === 'removing'
          ? t('photo.removing')
          : step.kind === 'done'
            ? step.text
            : ''
  return (
    <>
      <div className="worker-photo__state">
        <p role="status" className={step.kind === 'done' ? 'workers-form__ok' : undefined}>
          {now}
        </p>
        {busy ? (
          // A bar without a value: it moves while the photo is made smaller, sent or removed.
          <progress aria-label={now} />
        ) : null}
      </div>
      <p role="alert" className="workers-form__error">
        {step.kind === 'failed' ? step.text : ''}
      </p>
    </>
  )
}
