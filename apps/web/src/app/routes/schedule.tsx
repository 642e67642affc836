import { useTranslation } from 'react-i18next'
import { useSearchParams } from '../../lib/router'
import { ScheduleForm } from '../../features/assignments/components/schedule-form'
import { MantineScope } from '../../lib/mantine'
import { Screen } from '../screen'

/** A positive integer from the address, or undefined. */
function idParam(value: string | null): number | undefined {
  const n = Number(value)
  return value && Number.isInteger(n) && n > 0 ? n : undefined
}

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
