import type { MyJobsResponse, WorkerLanguage } from '@townworks/contract'
import {
  WORKER_LANGUAGE_NAMES,
  WORKER_LANGUAGES,
  WORKER_PHOTO_MAX_BYTES,
  WORKER_PHOTO_MAX_SIDE,
} from '@townworks/contract/worker-profile-rules'
import { useRef, useState, type ChangeEvent, type FormEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { apiFailure } from '../../../lib/api-error-text'
import { readPhoto } from '../../../lib/photo'
import { useDeleteWorkerPhoto, useSetWorkerLanguages, useSetWorkerPhoto } from '../api/worker-profile'
import { describeMyJobsError } from './error-text'

type Note = { tone: 'ok' | 'error'; text: string } | null

export interface MyProfilePanelProps {
  worker: NonNullable<MyJobsResponse['worker']>
}

/**
 * The worker's own profile on My jobs (issue 21): the photo customers see on their card ("Take a
 * selfie" opens the front camera, "Choose a photo" the gallery; made smaller in the phone before it
 * is sent) and the languages they speak. Loaded on the tap (my-jobs-sections.tsx), its words the
 * `myJobsMore` namespace.
 */
export function MyProfilePanel({ worker }: MyProfilePanelProps) {
  const { t } = useTranslation('myJobsMore')
  const { t: tJobs } = useTranslation('myJobs')
  const setPhoto = useSetWorkerPhoto()
  const removePhoto = useDeleteWorkerPhoto()
  const setLanguages = useSetWorkerLanguages()
  const [photoNote, setPhotoNote] = useState<Note>(null)
  const [languageNote, setLanguageNote] = useState<Note>(null)
  // What is ticked: the saved languages until the worker changes them (kept when saving fails).
  const [chosen, setChosen] = useState<WorkerLanguage[]>(worker.languages)
  const selfie = useRef<HTMLInputElement>(null)
  const gallery = useRef<HTMLInputElement>(null)
  const failure = (error: unknown) => describeMyJobsError(error, tJobs)
  // A photo the server refused says why in the photo's words: not an image, or too large.
  const photoFailure = (error: unknown) => {
    const code = apiFailure(error)
    return code === 'UNSUPPORTED_MEDIA_TYPE'
      ? t('profile.photoType')
      : code === 'PAYLOAD_TOO_LARGE'
        ? t('profile.photoTooBig')
        : failure(error)
  }

  async function choose(e: ChangeEvent<HTMLInputElement>) {
    const file = e.target.files?.[0]
    e.target.value = ''
    if (!file) return
    setPhotoNote({ tone: 'ok', text: t('profile.photoSaving') })
    const read = await readPhoto(file, {
      maxSide: WORKER_PHOTO_MAX_SIDE,
      maxBytes: WORKER_PHOTO_MAX_BYTES,
      always: true,
    })
    if (!read.ok) {
      setPhotoNote({ tone: 'error', text: t(`profile.${read.error}`) })
      return
    }
    setPhoto.mutate(
      { workerId: worker.worker_id, photo: { type: read.photo.type, data: read.photo.data } },
      {
        onSuccess: () => setPhotoNote({ tone: 'ok', text: t('profile.photoSaved') }),
        onError: (error) => setPhotoNote({ tone: 'error', text: photoFailure(error) }),
      },
    )
  }

  function remove() {
    removePhoto.mutate(
      { workerId: worker.worker_id },
      {
        onSuccess: () => setPhotoNote({ tone: 'ok', text: t('profile.photoRemoved') }),
        onError: (error) => setPhotoNote({ tone: 'error', text: failure(error) }),
      },
    )
  }

  function saveLanguages(e: FormEvent) {
    e.preventDefault()
    setLanguages.mutate(
      { workerId: worker.worker_id, languages: chosen },
      {
        onSuccess: () => setLanguageNote({ tone: 'ok', text: t('profile.languagesSaved') }),
        onError: (error) => setLanguageNote({ tone: 'error', text: failure(error) }),
      },
    )
  }

  const toggle = (language: WorkerLanguage, on: boolean) =>
    setChosen((list) =>
      on ? WORKER_LANGUAGES.filter((l) => l === language || list.includes(l)) : list.filter((l) => l !== language),
    )
  const photoBusy = setPhoto.isPending || removePhoto.isPending

  return (
    <div className="profile">
      <section aria-labelledby="profile-photo-heading">
        <h3 id="profile-photo-heading" className="reviews__heading">
          {t('profile.photoHeading')}
        </h3>
        <p className="job__photos-hint">{t('profile.photoHint')}</p>
        {/* The file inputs stay hidden: the buttons, labelled and 48 px high, open them. */}
        <input
          ref={selfie}
          type="file"
          accept="image/*"
          capture="user"
          hidden
          data-testid="profile-photo-camera"
          onChange={(e) => void choose(e)}
        />
        <input
          ref={gallery}
          type="file"
          accept="image/*"
          hidden
          data-testid="profile-photo-gallery"
          onChange={(e) => void choose(e)}
        />
        <div className="job__actions">
          <button
            type="button"
            className="button jobs__button button--primary"
            disabled={photoBusy}
            onClick={() => selfie.current?.click()}
          >
            {t('profile.selfie')}
          </button>
          <button
            type="button"
            className="button jobs__button"
            disabled={photoBusy}
            onClick={() => gallery.current?.click()}
          >
            {t('profile.choose')}
          </button>
          {worker.photo_url ? (
            <button type="button" className="button jobs__button" disabled={photoBusy} onClick={remove}>
              {t('profile.remove')}
            </button>
          ) : null}
        </div>
        <p aria-live="polite" className={photoNote?.tone === 'error' ? 'workers-form__error' : 'workers-form__ok'}>
          {photoNote?.text}
        </p>
      </section>
      <form onSubmit={saveLanguages} noValidate>
        <fieldset className="profile__languages">
          <legend className="reviews__heading">{t('profile.languagesHeading')}</legend>
          {WORKER_LANGUAGES.map((language) => (
            <label key={language} className="profile__language">
              <input
                type="checkbox"
                checked={chosen.includes(language)}
                onChange={(e) => toggle(language, e.target.checked)}
              />
              <bdi lang={language}>{WORKER_LANGUAGE_NAMES[language]}</bdi>
            </label>
          ))}
        </fieldset>
        <button type="submit" className="button jobs__button button--primary" disabled={setLanguages.isPending}>
          {setLanguages.isPending ? t('profile.languagesSaving') : t('profile.languagesSave')}
        </button>
        <p aria-live="polite" className={languageNote?.tone === 'error' ? 'workers-form__error' : 'workers-form__ok'}>
          {languageNote?.text}
        </p>
      </form>
    </div>
  )
}
