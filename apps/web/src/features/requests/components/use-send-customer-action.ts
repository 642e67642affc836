import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useUpdateStatus } from '../../../lib/shared-api/tasks'
import { apiFailure, describeApiError } from '../../../lib/api-error-text'
import type { PendingAction } from './use-customer-action'

/**
 * Sends the move the customer confirmed, with the status they saw. Done (or stale: someone moved it
 * first), `onDone` gets what to announce; any other failure is said in the dialog, for this move only.
 */
export function useSendCustomerAction(pending: PendingAction | null, onDone: (announcement: string) => void) {
  const { t } = useTranslation('requestActions')
  const update = useUpdateStatus()
  const [failure, setFailure] = useState<{ action: PendingAction; text: string } | null>(null)

  const confirm = async () => {
    if (!pending) return
    setFailure(null)
    const reference = pending.request.reference
    try {
      await update.mutateAsync({ taskId: pending.taskId, status: pending.to, expectedStatus: pending.from })
      onDone(t(`success.${pending.to}`, { reference }))
    } catch (error) {
      const code = apiFailure(error)
      if (code === 'STALE_STATUS' || code === 'INVALID_TRANSITION') {
        onDone(t('failed.stale', { reference }))
      } else {
        setFailure({
          action: pending,
          text: describeApiError(error, {
            network: t('failed.network'),
            rest: (message) => t('failed.other', { message }),
          }),
        })
      }
    }
  }

  return {
    confirm,
    isSending: update.isPending,
    error: failure && failure.action === pending ? failure.text : null,
  }
}
