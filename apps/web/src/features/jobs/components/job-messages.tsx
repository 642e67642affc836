import type { Notification } from '@townworks/contract'
import { useTranslation } from 'react-i18next'
import { formatDateTime } from '../../../lib/format'
import { formatPhone } from '../../../lib/phone'
import { JobSection } from './job-section'

/** The messages sent (or waiting) about the job, oldest first, as the outbox keeps them. */
export function JobMessages({ messages }: { messages: readonly Notification[] }) {
  const { t, i18n } = useTranslation('jobs')
  return (
    <JobSection title={t('messages.heading')}>
      {messages.length === 0 ? (
        <p className="job-muted">{t('messages.none')}</p>
      ) : (
        <ul className="job-list job-messages">
          {messages.map((message) => (
            <li key={message.id}>
              <p className="job-messages__meta">
                {formatDateTime(message.created_at, i18n.language)} · {t(`messages.channel.${message.channel}`)} ·{' '}
                <span className="job-nowrap">{formatPhone(message.to).text || message.to}</span> ·{' '}
                <span className={`job-message-state job-message-state--${message.state}`}>
                  {t(`messages.state.${message.state}`)}
                </span>
              </p>
              <p className="job-messages__body">{message.body}</p>
            </li>
          ))}
        </ul>
      )}
    </JobSection>
  )
}
