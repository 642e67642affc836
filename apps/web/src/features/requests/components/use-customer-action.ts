import type { MyRequest, TaskStatus } from '@townworks/contract'
import { useState } from 'react'

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
 * A customer's move of one of their tasks (cancel, confirm the work, reopen): asked, then confirmed in
 * a dialog, which sends it (use-send-customer-action.ts, loaded with the dialog: decision 047) and
 * hands back what to announce.
 */
export function useCustomerAction() {
  const [pending, setPending] = useState<PendingAction | null>(null)
  const [announcement, setAnnouncement] = useState('')
  return {
    pending,
    announcement,
    ask: setPending,
    /** The dialog is done: the move was made (or was stale), and this says so. */
    finish: (text: string) => {
      setPending(null)
      setAnnouncement(text)
    },
    cancel: () => setPending(null),
    /** Say something else in the list's live region (a saved rating). */
    announce: setAnnouncement,
    clearAnnouncement: () => setAnnouncement(''),
  }
}
