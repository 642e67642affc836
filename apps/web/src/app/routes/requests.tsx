import type { ServiceRequestDetail } from '@townworks/contract'
import { useMemo, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { OfficeQuoteHost, warmQuoteDialog } from '../../features/quotes/office/components/office-quote-host'
import { RequestsInbox } from '../../features/requests/components/requests-inbox'
import { MantineScope } from '../../lib/mantine'
import { Screen } from '../screen'
import { JobDrawerHost } from './job-drawer-host'

/**
 * The operators' inbox of service requests, and the quote an open one may get (issue 22): the route
 * puts the quotes feature's dialog behind the inbox's "Prepare quote", since a feature never imports another.
 */
export function Component() {
  const { t } = useTranslation('requests')
  const [quoting, setQuoting] = useState<ServiceRequestDetail | null>(null)
  const quote = useMemo(() => ({ open: setQuoting, warm: warmQuoteDialog }), [])
  return (
    <MantineScope>
      <Screen id="requests" lead={t('inbox.lead')}>
        <RequestsInbox quote={quote} />
      </Screen>
      <OfficeQuoteHost
        request={quoting}
        onClose={() => setQuoting(null)}
        opening={t('inbox.quoteOpening')}
        label={t('inbox.quote')}
      />
      <JobDrawerHost />
    </MantineScope>
  )
}
