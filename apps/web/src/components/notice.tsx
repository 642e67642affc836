import { Alert } from '@mantine/core'
import { useTranslation } from 'react-i18next'

export interface NoticeValue {
  tone: 'ok' | 'error'
  text: string
}

/** The result of an action, announced politely to screen readers and closable; nothing when empty. */
export function Notice({ notice, onClose }: { notice: NoticeValue | null; onClose: () => void }) {
  const { t } = useTranslation('common')
  return (
    <div aria-live="polite" role="status">
      {notice ? (
        <Alert
          color={notice.tone === 'ok' ? 'green' : 'red'}
          mt="md"
          withCloseButton
          onClose={onClose}
          closeButtonLabel={t('close')}
        >
          {notice.text}
        </Alert>
      ) : null}
    </div>
  )
}
