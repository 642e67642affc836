import { Anchor, Button, Group, Stack, Text, Title } from '@mantine/core'
import { useTranslation } from 'react-i18next'
import { Link } from '../../../lib/router'
import { formatDay } from './request-fields'
import type { ServiceRequestFormState } from './use-service-request-form'

export interface RequestConfirmationProps {
  done: NonNullable<ServiceRequestFormState['done']>
  role: ServiceRequestFormState['role']
  onAnother: () => void
  onClose: () => void
}

/** The request was stored: its reference, what happens next, and (for a customer) where to follow it. */
export function RequestConfirmation({ done, role, onAnother, onClose }: RequestConfirmationProps) {
  const { t, i18n } = useTranslation('requests')
  const { t: tb } = useTranslation('catalog')
  const { t: td } = useTranslation('requestDetails')
  const when = `${formatDay(done.date, i18n.language)}${done.timeWindow ? `, ${td(`window.${done.timeWindow}` as 'window.morning')}` : ''}`
  return (
    <Stack gap="sm" role="status" aria-live="polite" data-testid="request-confirmation">
      <Title order={2} size="h3">
        {t('form.done.title')}
      </Title>
      <Text fw={700}>{t('form.done.reference', { reference: done.answer.reference })}</Text>
      <Text>{t('form.done.keep')}</Text>
      <Text>{t('form.done.next', { phone: done.phone, date: when })}</Text>
      <Text>{tb(done.ordered ? 'booking.done.whenOrder' : 'booking.done.when')}</Text>
      {role === 'customer' ? (
        <Text>
          {t('form.done.track')}{' '}
          <Anchor component={Link} to="/my/requests" underline="always">
            {t('form.done.trackLink')}
          </Anchor>
        </Text>
      ) : (
        <>
          <Text>
            {tb('booking.done.trackVisitor')}{' '}
            <Anchor
              component={Link}
              to={`/login?track=${encodeURIComponent(done.answer.reference)}`}
              underline="always"
            >
              {tb('booking.done.trackLinkVisitor')}
            </Anchor>
          </Text>
          <Text>
            {tb('booking.done.orSignIn')}{' '}
            <Anchor component={Link} to="/login" underline="always">
              {tb('booking.done.signInLink')}
            </Anchor>
          </Text>
        </>
      )}
      <Group justify="flex-end">
        <Button variant="default" onClick={onAnother}>
          {t('form.done.another')}
        </Button>
        <Button onClick={onClose}>{t('form.close')}</Button>
      </Group>
    </Stack>
  )
}

export interface SavedOnPhoneProps {
  onAnother: () => void
  onClose: () => void
}

/**
 * Sent with no signal (issue 23): the request waits on this phone and goes when the network returns;
 * the form then shows its reference (or, once closed, home, the catalog and My requests do).
 */
export function SavedOnPhone({ onAnother, onClose }: SavedOnPhoneProps) {
  const { t } = useTranslation('requests')
  return (
    <Stack gap="sm" role="status" aria-live="polite" data-testid="request-saved-on-phone">
      <Title order={2} size="h3">
        {t('form.saved.title')}
      </Title>
      <Text fw={700}>{t('form.saved.message')}</Text>
      <Text>{t('form.saved.next')}</Text>
      <Group justify="flex-end">
        <Button variant="default" onClick={onAnother}>
          {t('form.done.another')}
        </Button>
        <Button onClick={onClose}>{t('form.close')}</Button>
      </Group>
    </Stack>
  )
}
