import { MantineScope } from '../../../lib/mantine'
import { ConfirmActionModal, type ConfirmActionModalProps } from './confirm-action-modal'

/**
 * The confirming dialog with Mantine around it: /my/requests loads this module only when a card's
 * buttons are reached (my-requests-list.tsx, decision 046), so the list paints without Mantine.
 */
export default function ConfirmActionDialog(props: ConfirmActionModalProps) {
  return (
    <MantineScope>
      <ConfirmActionModal {...props} />
    </MantineScope>
  )
}
