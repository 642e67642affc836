import { useTranslation } from 'react-i18next'
import { SendMessageForm } from '../../features/notifications/components/send-message-form'
import { MantineScope } from '../../lib/mantine'
import { Screen } from '../screen'

/** Send SMS (seed /tsms): an operator sends what they typed, by WhatsApp (or SMS where allowed). */
export function Component() {
  const { t } = useTranslation('notifications')
  return (
    <MantineScope>
      <Screen id="tsms" lead={t('send.lead')}>
        <SendMessageForm />
      </Screen>
    </MantineScope>
  )
}
