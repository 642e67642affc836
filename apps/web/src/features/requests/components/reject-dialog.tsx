import { Alert, Button, Group, Modal, Stack, Text, Textarea } from '@mantine/core'
import type { ServiceRequestDetail } from '@townworks/contract'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useRejectRequest } from '../api/reject-request'
import { describeApiError, serverDetail } from '../../../lib/api-error-text'
import { formatDate } from '../../../lib/format'
import { useNames } from '../../../lib/names'

interface RejectDialogProps {
  request: ServiceRequestDetail | null
  onClose: () => void
  onRejected: (reference: string) => void
}

/** The reason (3–500 characters, kept after a refusal) and the rejection itself. */
function useRejectForm({ request, onClose, onRejected }: RejectDialogProps) {
  const { t } = useTranslation('requests')
  const reject = useRejectRequest()
  const [reason, setReason] = useState('')
  const [fieldError, setFieldError] = useState<string | null>(null)
  const [failure, setFailure] = useState<string | null>(null)

  const close = () => {
    setFailure(null)
    setFieldError(null)
    onClose()
  }

  const submit = async () => {
    if (!request) return
    const trimmed = reason.trim()
    if (trimmed.length < 3) return setFieldError(t('inbox.rejectDialog.reasonTooShort'))
    if (trimmed.length > 500) return setFieldError(t('inbox.rejectDialog.reasonTooLong'))
    setFieldError(null)
    setFailure(null)
    try {
      await reject.mutateAsync({ id: request.id, reason: trimmed })
      setReason('')
      onRejected(request.reference)
    } catch (error) {
      setFailure(
        describeApiError(error, {
          network: t('inbox.rejectNoServer'),
          CONFLICT: (e) => t('inbox.rejectFailed', { message: serverDetail(e) }),
          rest: (message) => t('inbox.rejectFailed', { message }),
        }),
      )
    }
  }
  return { reason, setReason, fieldError, failure, close, submit, pending: reject.isPending }
}

/** Asks an operator why a request is rejected (3–500 characters), then rejects it. */
export function RejectDialog(props: RejectDialogProps) {
  const { request } = props
  const { t, i18n } = useTranslation('requests')
  const names = useNames()
  const form = useRejectForm(props)

  return (
    <Modal
      opened={request !== null}
      onClose={form.close}
      title={request ? t('inbox.rejectDialog.title', { reference: request.reference }) : ''}
      classNames={{ content: 'requests-scope' }}
      closeButtonProps={{ 'aria-label': t('form.close') }}
    >
      {request ? (
        <form
          noValidate
          onSubmit={(e) => {
            e.preventDefault()
            void form.submit()
          }}
        >
          <Stack gap="sm">
            <Text size="sm">
              {t('inbox.rejectDialog.intro', {
                name: request.name,
                service: names.service(request.service),
                town: names.town(request.town),
                date: formatDate(request.service_date, i18n.language),
              })}
            </Text>
            {form.failure ? (
              <Alert color="red" role="alert">
                {form.failure}
              </Alert>
            ) : null}
            <Textarea
              label={t('inbox.rejectDialog.reason')}
              description={t('inbox.rejectDialog.reasonHint')}
              required
              autosize
              minRows={3}
              maxLength={500}
              value={form.reason}
              onChange={(e) => form.setReason(e.currentTarget.value)}
              error={form.fieldError}
              data-autofocus
            />
            <Group justify="flex-end">
              <Button variant="default" onClick={form.close}>
                {t('inbox.rejectDialog.cancel')}
              </Button>
              <Button type="submit" color="red" loading={form.pending}>
                {t('inbox.rejectDialog.submit')}
              </Button>
            </Group>
          </Stack>
        </form>
      ) : null}
    </Modal>
  )
}
