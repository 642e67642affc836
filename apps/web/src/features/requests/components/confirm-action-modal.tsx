import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core'
import { useTranslation } from 'react-i18next'
import type { PendingAction } from './use-customer-action'

export interface ConfirmActionModalProps {
  pending: PendingAction | null
  error: string | null
  isSending: boolean
  onConfirm: () => void
  onCancel: () => void
}

/** "Cancel request R-12?": the customer confirms a move of their task, or goes back. */
export function ConfirmActionModal({ pending, error, isSending, onConfirm, onCancel }: ConfirmActionModalProps) {
  const { t } = useTranslation(['requestActions', 'common'])
  return (
    <Modal
      opened={pending !== null}
      onClose={onCancel}
      title={t('confirm.title')}
      classNames={{ content: 'requests-scope' }}
      closeButtonProps={{ 'aria-label': t('common:close') }}
    >
      {pending ? (
        <Stack gap="sm">
          <Text>{t(`confirm.${pending.to}`, { reference: pending.request.reference })}</Text>
          {error ? (
            <Alert color="red" role="alert">
              {error}
            </Alert>
          ) : null}
          <Group justify="flex-end">
            <Button variant="default" onClick={onCancel} disabled={isSending}>
              {t('confirm.back')}
            </Button>
            <Button color={pending.to === 'cancelled' ? 'red' : 'brand'} loading={isSending} onClick={onConfirm}>
              {t('confirm.yes')}
            </Button>
          </Group>
        </Stack>
      ) : null}
    </Modal>
  )
}
