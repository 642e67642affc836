import { useTranslation } from 'react-i18next'
import { PhotoStrip } from '../../../components/photo-strip'
import { QueryState } from '../../../components/query-state'
import { formatDateTime } from '../../../lib/format'
import { useTaskPhotos } from '../../../lib/shared-api/task-photos'
import { JobSection } from './job-section'

/**
 * The photos of the finished work the worker sent (issue 21), for the office to look at before it
 * pays: thumbnails in the order sent, each a tap from full size, with when it came.
 */
export function JobPhotos({ taskId }: { taskId: number }) {
  const { t, i18n } = useTranslation('jobs')
  const photos = useTaskPhotos(taskId)
  return (
    <JobSection title={t('photos.heading')}>
      <QueryState
        query={photos}
        loading={t('photos.loading')}
        errorTitle={t('photos.failed')}
        isEmpty={(data) => data.photos.length === 0}
        empty={<p className="job-muted">{t('photos.none')}</p>}
      >
        {(data) => (
          <>
            <PhotoStrip
              photos={data.photos}
              label={t('photos.heading')}
              alt={(n, total) =>
                t('photos.alt', { n, total, when: formatDateTime(data.photos[n - 1]!.created_at, i18n.language) })
              }
            />
            <p className="job-muted">{t('photos.count', { count: data.photos.length, max: data.max })}</p>
          </>
        )}
      </QueryState>
    </JobSection>
  )
}
