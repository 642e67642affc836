import { Button, Group, Modal, Text } from '@mantine/core'
import { useTranslation } from 'react-i18next'

export interface ConfirmDialogProps {
  /** The question ("Make Sita an Operator?"); no dialog while null. */
  title: string | null
  /** What it means for the person, in words. */
  consequence: string
  confirmLabel: string
  danger?: boolean
  busy?: boolean
  onConfirm: () => void
  onCancel: () => void
}

/** Asks before a change that matters, stating its consequence; Cancel is first and changes nothing. */
export function ConfirmDialog({
  title,
  consequence,
  confirmLabel,
  danger,
  busy,
  onConfirm,
  onCancel,
}: ConfirmDialogProps) {
  const { t } = useTranslation('users')
  return (
    <Modal
      opened={title !== null}
      onClose={onCancel}
      title={title ?? ''}
      closeButtonProps={{ 'aria-label': t('confirm.close') }}
    >
      <Text data-testid="confirm-consequence">{consequence}</Text>
      <Group justify="flex-end" mt="lg" gap="sm">
        <Button variant="default" onClick={onCancel}>
          {t('confirm.cancel')}
        </Button>
        <Button color={danger ? 'red.9' : undefined} onClick={onConfirm} loading={busy}>
          {confirmLabel}
        </Button>
      </Group>
    </Modal>
  )
}
