import { Alert, Button, Stack, Text, TextInput, Title } from '@mantine/core'
import { useState, type FormEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { isApiError } from '../../../lib/api-client'
import { formatDate } from '../../../lib/format'
import { Link, useSearchParams } from '../../../lib/router'
import { useTrackRequest } from '../api/track-request'

/**
 * Track by reference + mobile number (/track): for a visitor without an account. Only where the
 * request stands and what comes next — the server answers nothing more, and the same "not found"
 * for a wrong reference or a wrong number.
 */
export function TrackRequestForm() {
  const { t, i18n } = useTranslation('requests')
  const [params] = useSearchParams()
  const [reference, setReference] = useState(params.get('ref') ?? '')
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
      ? t('track.notFound')
      : isApiError(error, 429)
        ? t('track.tooMany')
        : t('track.failed')

  return (
    <Stack gap="md" maw={440}>
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <TextInput
            size="md"
            label={t('track.reference')}
            placeholder={t('track.referencePlaceholder')}
            required
            autoCapitalize="characters"
            value={reference}
            onChange={(e) => setReference(e.currentTarget.value)}
          />
          <TextInput
            size="md"
            label={t('track.phone')}
            type="tel"
            inputMode="tel"
            autoComplete="tel"
            required
            value={phone}
            onChange={(e) => setPhone(e.currentTarget.value)}
          />
          <Button type="submit" size="md" loading={track.isPending}>
            {t('track.submit')}
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
              <strong>{t('track.stageLabel')}:</strong> {t(`track.stage.${track.data.stage}`)}
            </Text>
            <Text>
              <strong>{t('track.nextLabel')}:</strong> {t(`track.next.${track.data.stage}`)}
            </Text>
            <Text size="sm">
              {t('track.date', { date: formatDate(track.data.service_date, i18n.language, 'full') })}
            </Text>
            <Text size="sm">
              <Link to="/login">{t('track.signIn')}</Link>
            </Text>
          </Stack>
        ) : null}
      </div>
    </Stack>
  )
}
