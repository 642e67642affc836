import type { MyRequestTask } from '@townworks/contract'
import { useId } from 'react'
import { useTranslation } from 'react-i18next'
import { PhotoStrip } from '../../../components/photo-strip'
import { useTaskPhotos } from '../../../lib/shared-api/task-photos'

/**
 * The photos of the finished work (issue 21): a row of thumbnails, each a tap from full size. The
 * images come with the session's cookie, cached by the phone (they never change).
 */
export function TaskPhotos({ task }: { task: MyRequestTask }) {
  const { t } = useTranslation('trust')
  const photos = useTaskPhotos(task.id)
  const id = useId()
  return (
    <section className="requests-rating" aria-labelledby={id}>
      <h3 id={id} className="requests-mine-card__subtitle">
        {t('photos.heading')}
      </h3>
      <p className="requests-mine-card__small">
        {task.worker
          ? t('photos.note', { worker: task.worker.name, count: task.photo_count })
          : t('photos.noteTeam', { count: task.photo_count })}
      </p>
      {photos.isPending ? (
        <p role="status" className="requests-mine-card__small">
          {t('photos.loading')}
        </p>
      ) : photos.isError ? (
        <p role="alert">
          {t('photos.failed')}{' '}
          <button type="button" className="button" onClick={() => void photos.refetch()}>
            {t('photos.retry')}
          </button>
        </p>
      ) : (
        <PhotoStrip
          photos={photos.data.photos}
          label={t('photos.listLabel')}
          alt={(n, total) => t('photos.alt', { n, total })}
        />
      )}
    </section>
  )
}
