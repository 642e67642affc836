import { lazy, Suspense, useEffect } from 'react'
import { useTranslation } from 'react-i18next'
import { QueryState } from '../../../components/query-state'
import { loadWithTimeout } from '../../../lib/lazy-with-timeout'
import { useNotificationSettings } from '../api/get-notification-settings'

let fields: ReturnType<typeof importFields> | undefined
const importFields = () => loadWithTimeout(() => import('./send-message-fields'))
/** One load of the form's module, started as soon as the screen renders. */
const loadFields = () => (fields ??= importFields())
const Fields = lazy(() => loadFields().then((m) => ({ default: m.SendMessageFields })))

/**
 * Send message (seed /tsms): the recipient (a job's customer or worker, or a typed number), a
 * ready-made message or free text, and the channel. Queues it through POST /send-whatsapp, then
 * follows its delivery. Shown once the screen knows which channels free text may use, so SMS is
 * explained before sending rather than refused after.
 */
export function SendMessageForm() {
  const { t } = useTranslation('notifications')
  const settings = useNotificationSettings()
  // The form (zod, the pickers' selects) loads while the settings it waits for are asked: loading
  // it with the screen took /tsms over the 200 kB route limit (bench budgets, issue #10).
  useEffect(() => void loadFields(), [])
  return (
    <QueryState query={settings} loading={t('send.loading')} errorTitle={t('send.settingsFailed')}>
      {(data) => (
        <Suspense fallback={<p role="status">{t('send.loading')}</p>}>
          <Fields settings={data} />
        </Suspense>
      )}
    </QueryState>
  )
}
