import { Alert, Button, Stack, Text, TextInput, Title } from '@mantine/core'
import { useState, type FormEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { isApiError } from '../../../lib/api-client'
import { formatDate } from '../../../lib/format'
import { Link } from '../../../lib/router'
import { useTrackRequest } from '../api/track-request'

/**
 * Track by reference + mobile number (on /login): for a visitor without an account. Only where the
 * request stands and what comes next — the server answers nothing more, and the same "not found"
 * for a wrong reference or a wrong number.
 */
export function TrackRequestForm({ initialReference = '' }: { initialReference?: string }) {
  const { i18n } = useTranslation()
  const { t: tb } = useTranslation('catalog')
  const [reference, setReference] = useState(initialReference)
  const [phone, setPhone] = useState('')
  const track = useTrackRequest()

  const submit = (e: FormEvent) => {
    e.preventDefault()
    track.mutate({ reference: reference.trim(), phone: phone.trim() })
  }
  const error = track.error
  const problem = !error
    ? null
    : isApiError(error, 404) || isApiError(error, 400)
      ? tb('booking.track.notFound')
      : isApiError(error, 429)
        ? tb('booking.track.tooMany')
        : tb('booking.track.failed')

  return (
    <Stack gap="md" maw={440}>
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <TextInput
            size="md"
            label={tb('booking.track.reference')}
            placeholder={tb('booking.track.referencePlaceholder')}
            required
            autoCapitalize="characters"
            value={reference}
            onChange={(e) => setReference(e.currentTarget.value)}
          />
          <TextInput
            size="md"
            label={tb('booking.track.phone')}
            type="tel"
            inputMode="tel"
            autoComplete="tel"
            required
            value={phone}
            onChange={(e) => setPhone(e.currentTarget.value)}
          />
          <Button type="submit" size="md" loading={track.isPending}>
            {tb('booking.track.submit')}
          </Button>
        </Stack>
      </form>
      <div aria-live="polite">
        {problem ? (
          <Alert color="red" variant="light" role="alert">
            {problem}
          </Alert>
        ) : null}
        {track.data ? (
          <Stack gap="xs" data-testid="track-result">
            <Title order={2} size="h3">
              {track.data.reference}
            </Title>
            <Text>
              <strong>{tb('booking.track.stageLabel')}:</strong> {tb(`booking.track.stage.${track.data.stage}`)}
            </Text>
            <Text>
              <strong>{tb('booking.track.nextLabel')}:</strong> {tb(`booking.track.next.${track.data.stage}`)}
            </Text>
            <Text size="sm">
              {tb('booking.track.date', { date: formatDate(track.data.service_date, i18n.language, 'full') })}
            </Text>
            <Text size="sm">
              <Link to="/login">{tb('booking.track.signIn')}</Link>
            </Text>
          </Stack>
        ) : null}
      </div>
    </Stack>
  )
}
