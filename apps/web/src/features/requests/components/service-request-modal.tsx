import { Alert, Button, Modal, Stack } from '@mantine/core'
import { DateInput } from '@mantine/dates'
import { useMediaQuery } from '@mantine/hooks'
import { useTranslation } from 'react-i18next'
import { RequestConfirmation } from './request-confirmation'
import { RequestFields } from './request-fields'
import { useSendServiceRequest, type ServiceRequestFormState } from './use-service-request-form'

export { useServiceRequestForm, type ServiceRequestFormState } from './use-service-request-form'

export interface ServiceRequestModalProps {
  opened: boolean
  onClose: () => void
  state: ServiceRequestFormState
}

/**
 * 'Enter Service Request Details': the seed's form. A failed send keeps every value and says why;
 * a repeat of the same request carries the same Idempotency-Key, so it is stored once.
 */
export function ServiceRequestModal({ opened, onClose, state }: ServiceRequestModalProps) {
  const { t } = useTranslation('requests')
  const phone = useMediaQuery('(max-width: 575px)')
  const { form, role, done, setDone, failure, setFailure } = state
  const { create, today, submit, fieldError } = useSendServiceRequest(state)

  const close = () => {
    setFailure(null)
    onClose()
  }

  return (
    <Modal
      opened={opened}
      onClose={close}
      title={t('form.title')}
      size={phone ? '100%' : 380}
      styles={phone ? undefined : { content: { height: 480 } }}
      closeButtonProps={{ 'aria-label': t('form.close') }}
      classNames={{ content: 'requests-scope' }}
    >
      {done ? (
        <RequestConfirmation done={done} role={role} onAnother={() => setDone(null)} onClose={close} />
      ) : (
        <form
          onSubmit={(e) => void form.handleSubmit(submit)(e)}
          noValidate
          aria-describedby={failure ? 'request-failure' : undefined}
        >
          <Stack gap="xs">
            <div aria-live="assertive">
              {failure ? (
                <Alert id="request-failure" color="red" variant="light" role="alert">
                  {failure}
                </Alert>
              ) : null}
            </div>
            <RequestFields form={form} fieldError={fieldError} today={today} />
            <DateInput label={t('form.createdDate')} valueFormat="YYYY-MM-DD" value={today} readOnly />
            <Button type="submit" loading={create.isPending} fullWidth mt="xs">
              {t('form.submit')}
            </Button>
          </Stack>
        </form>
      )}
    </Modal>
  )
}
