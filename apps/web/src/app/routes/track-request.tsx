import { useTranslation } from 'react-i18next'
import { TrackRequestForm } from '../../features/requests/components/track-request-form'
import { MantineScope } from '../../lib/mantine'
import { Screen } from '../screen'

/** Follow a request by its reference and mobile number, without an account (issue 18). */
export function Component() {
  const { t } = useTranslation('requests')
  return (
    <MantineScope>
      <Screen id="track" lead={t('track.lead')}>
        <TrackRequestForm />
      </Screen>
    </MantineScope>
  )
}
