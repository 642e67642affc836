import type { MyRequest, TaskStatus } from '@townworks/contract'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useUpdateStatus } from '../../../lib/shared-api/tasks'
import { apiFailure, describeApiError } from '../../../lib/api-error-text'

/** The moves a customer may be offered; others (if the machine ever grows) are not shown. */
export const CUSTOMER_ACTIONS = ['cancelled', 'payment_pending', 'work_inprogress'] as const
export type CustomerAction = (typeof CUSTOMER_ACTIONS)[number]
export const isCustomerAction = (s: TaskStatus): s is CustomerAction =>
  (CUSTOMER_ACTIONS as readonly string[]).includes(s)

/** A move the customer asked for, waiting for their confirmation. */
export interface PendingAction {
  request: MyRequest
  taskId: number
  from: TaskStatus
  to: CustomerAction
}

/**
 * A customer's move of one of their tasks (cancel, confirm the work, reopen): asked, confirmed in a
 * dialog, sent with the status they saw; the outcome is announced, or said in the dialog.
 */
export function useCustomerAction() {
  const { t } = useTranslation(['requests', 'common'])
  const update = useUpdateStatus()
  const [pending, setPending] = useState<PendingAction | null>(null)
  const [dialogError, setDialogError] = useState<string | null>(null)
  const [announcement, setAnnouncement] = useState('')

  const ask = (action: PendingAction) => {
    setDialogError(null)
    setPending(action)
  }

  const confirm = async () => {
    if (!pending) return
    setDialogError(null)
    const reference = pending.request.reference
    try {
      await update.mutateAsync({ taskId: pending.taskId, status: pending.to, expectedStatus: pending.from })
      setPending(null)
      setAnnouncement(t(`mine.success.${pending.to}`, { reference }))
    } catch (error) {
      const failure = apiFailure(error)
      if (failure === 'STALE_STATUS' || failure === 'INVALID_TRANSITION') {
        setPending(null)
        setAnnouncement(t('mine.failed.stale', { reference }))
      } else {
        setDialogError(
          describeApiError(error, {
            network: t('mine.failed.network'),
            rest: (message) => t('mine.failed.other', { message }),
          }),
        )
      }
    }
  }

  return {
    pending,
    dialogError,
    announcement,
    isSending: update.isPending,
    ask,
    confirm,
    cancel: () => setPending(null),
    clearAnnouncement: () => setAnnouncement(''),
  }
}
