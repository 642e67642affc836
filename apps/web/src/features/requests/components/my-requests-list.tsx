import { Alert, Anchor, Stack } from '@mantine/core'
import type { MyRequestTask } from '@townworks/contract'
import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { QueryState } from '../../../components/query-state'
import { Link } from '../../../lib/router'
import { useMyRequests } from '../api/get-my-requests'
import { describeApiError } from '../../../lib/api-error-text'
import { ConfirmActionModal } from './confirm-action-modal'
import { MyRequestCard } from './my-request-card'
import { useCustomerAction } from './use-customer-action'
import './requests.css'

export interface MyRequestsListProps {
  /** What the screen shows about a task's money (price, line items, Pay): composed by the route. */
  renderPayment?: (task: MyRequestTask) => ReactNode
}

/** The customer's requests, each with its status, worker and timeline; refreshes by itself. */
export function MyRequestsList({ renderPayment }: MyRequestsListProps = {}) {
  const { t } = useTranslation(['requests', 'common'])
  const query = useMyRequests()
  const action = useCustomerAction()

  return (
    <Stack gap="md" className="requests-scope">
      <div role="status" aria-live="polite" className="requests-mine__announce">
        {action.announcement ? (
          <Alert
            color="blue"
            variant="light"
            withCloseButton
            onClose={action.clearAnnouncement}
            closeButtonLabel={t('common:close')}
          >
            {action.announcement}
          </Alert>
        ) : null}
      </div>
      <QueryState
        query={query}
        loading={t('mine.loading')}
        describeError={(error) =>
          describeApiError(error, {
            network: t('mine.noServer'),
            rest: (message) => t('mine.loadFailed', { message }),
          })
        }
        isEmpty={(data) => data.requests.length === 0}
        empty={
          <>
            {t('mine.empty')}{' '}
            <Anchor component={Link} to="/imdDisplay" underline="always">
              {t('mine.emptyLink')}
            </Anchor>
          </>
        }
      >
        {(data) => (
          <ul className="requests-mine">
            {data.requests.map((r) => (
              <li key={r.id}>
                <MyRequestCard request={r} renderPayment={renderPayment} onAction={action.ask} />
              </li>
            ))}
          </ul>
        )}
      </QueryState>
      <ConfirmActionModal
        pending={action.pending}
        error={action.dialogError}
        isSending={action.isSending}
        onConfirm={() => void action.confirm()}
        onCancel={action.cancel}
      />
    </Stack>
  )
}
