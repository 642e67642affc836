import { useTranslation } from 'react-i18next'
import { idParam, useSearchParams } from '../../lib/router'
import { ScheduleForm } from '../../features/assignments/components/schedule-form'
import { MantineScope } from '../../lib/mantine'
import { Screen } from '../screen'

/** Task scheduler, Create Schedule (seed /ts); `?requestId=N` schedules that request. */
export function Component() {
  const { t } = useTranslation('assignments')
  const [params, setParams] = useSearchParams()
  const requestId = idParam(params.get('requestId'))
  return (
    <MantineScope>
      <Screen id="ts" lead={t('leads.schedule')}>
        <ScheduleForm
          requestId={requestId}
          onCreated={() => {
            if (requestId !== undefined) setParams({}, { replace: true })
          }}
        />
      </Screen>
    </MantineScope>
  )
}
