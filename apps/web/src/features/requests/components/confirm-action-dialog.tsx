import { MantineScope } from '../../../lib/mantine'
import { ConfirmActionModal } from './confirm-action-modal'
import type { PendingAction } from './use-customer-action'
import { useSendCustomerAction } from './use-send-customer-action'

export interface ConfirmActionDialogProps {
  pending: PendingAction | null
  /** The move was made (or was stale): close, and announce this. */
  onDone: (announcement: string) => void
  onCancel: () => void
}

/**
 * The confirming dialog with Mantine around it, and the sending of the move: /my/requests loads this
 * module only when a card's buttons are reached (my-requests-list.tsx, decisions 046 and 047), so the
 * list paints without Mantine and without the code that sends a move.
 */
export default function ConfirmActionDialog({ pending, onDone, onCancel }: ConfirmActionDialogProps) {
  const send = useSendCustomerAction(pending, onDone)
  return (
    <MantineScope>
      <ConfirmActionModal
        pending={pending}
        error={send.error}
        isSending={send.isSending}
        onConfirm={() => void send.confirm()}
        onCancel={onCancel}
      />
    </MantineScope>
  )
}
