import { Alert, Button, Group, Modal, Progress, Stack, Text } from '@mantine/core'
import { useMediaQuery } from '@mantine/hooks'
import { useId } from 'react'
import { useTranslation } from 'react-i18next'
import { useSession } from '../../../lib/session'
import { STEPS } from '../model/request-form'
import { useOrderUnits } from './order-field'
import { RequestConfirmation, SavedOnPhone } from './request-confirmation'
import { ConfirmNumber, WhatStep, WhenStep, WhereStep, WhoStep } from './request-fields'
import { useSendServiceRequest, type ServiceRequestFormState } from './use-service-request-form'

export { useServiceRequestForm, type ServiceRequestFormState } from './use-service-request-form'

export interface ServiceRequestModalProps {
  opened: boolean
  onClose: () => void
  state: ServiceRequestFormState
}

/**
 * 'Enter Service Request Details' as four short steps — what is wrong, where, when, who — full
 * screen on a phone, a dialog on a wide screen. A failed send keeps every value (and the draft
 * outlives a reload) and takes the person to the step the server named; a repeat of the same request
 * carries the same Idempotency-Key, so it is stored once.
 */
export function ServiceRequestModal({ opened, onClose, state }: ServiceRequestModalProps) {
  const { t } = useTranslation('requests')
  const { t: tb } = useTranslation('catalog')
  const phone = useMediaQuery('(max-width: 575px)')
  const session = useSession()
  const { form, role, done, setDone, failure, setFailure, step, next, back, waiting, askAnother } = state
  const { create, keeping, today, submit, fieldError } = useSendServiceRequest(state, opened)
  const at = STEPS.indexOf(step)
  const last = at === STEPS.length - 1
  const preferred = form.watch('preferred_worker')
  // A material is ordered, not repaired (decision 069): its first step asks what is needed.
  const ordering = useOrderUnits(form.watch('service')).length > 0
  const formId = useId()

  const close = () => {
    setFailure(null)
    onClose()
  }
  const props = { form, fieldError, today }

  return (
    <Modal
      opened={opened}
      onClose={close}
      title={t('form.title')}
      fullScreen={phone}
      size={480}
      closeButtonProps={{ 'aria-label': t('form.close') }}
      classNames={{ content: 'requests-scope request-steps' }}
    >
      {done ? (
        <RequestConfirmation done={done} role={role} onAnother={() => setDone(null)} onClose={close} />
      ) : waiting ? (
        <SavedOnPhone onAnother={askAnother} onClose={close} />
      ) : (
        // The buttons sit after the code panel (its own forms may not nest in this one): they reach
        // the form by its id.
        <Stack gap="sm">
          <form
            id={formId}
            onSubmit={(e) => {
              e.preventDefault()
              if (!last) void next()
              else void form.handleSubmit(submit)(e)
            }}
            noValidate
            aria-describedby={failure ? 'request-failure' : undefined}
          >
            <Stack gap="sm">
              <div>
                <Text size="sm" c="dimmed" id="request-step-count">
                  {tb('booking.stepCount', { step: at + 1, steps: STEPS.length })}
                </Text>
                <Text component="h3" fw={700} size="lg" data-testid="request-step">
                  {step === 'what' && ordering ? tb('booking.steps.whatOrder') : tb(`booking.steps.${step}`)}
                </Text>
                <Progress value={((at + 1) / STEPS.length) * 100} size="sm" aria-hidden mt={4} />
              </div>
              {preferred ? <Text size="sm">{tb('booking.preferred', { name: preferred.name })}</Text> : null}
              <div aria-live="assertive">
                {failure ? (
                  <Alert id="request-failure" color="red" variant="light" role="alert">
                    {failure}
                  </Alert>
                ) : null}
              </div>
              {step === 'what' ? <WhatStep {...props} /> : null}
              {step === 'where' ? <WhereStep {...props} /> : null}
              {step === 'when' ? <WhenStep {...props} /> : null}
              {step === 'who' ? <WhoStep {...props} signedIn={role !== undefined} /> : null}
            </Stack>
          </form>
          {step === 'who' && role === undefined ? (
            <ConfirmNumber
              form={form}
              onSignedIn={(answer) => session.signedIn(answer.user, answer.role, answer.must_change_password === true)}
            />
          ) : null}
          <Group justify="space-between" mt="xs" wrap="nowrap">
            {at > 0 ? (
              <Button variant="default" size="md" onClick={back}>
                {tb('booking.back')}
              </Button>
            ) : (
              <span />
            )}
            <Button type="submit" form={formId} size="md" loading={last && (create.isPending || keeping)}>
              {last ? t('form.submit') : tb('booking.next')}
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  )
}
