import { zodResolver } from '@hookform/resolvers/zod'
import { Alert, Anchor, Button, Radio, Stack, Text, Textarea, TextInput, Group } from '@mantine/core'
import { SendMessageBodySchema, type SendMessageBody, type SendMessageInput } from '@townworks/contract'
import { MESSAGE_MAX_LENGTH } from '@townworks/contract/constants'
import { useRef, useState } from 'react'
import { Controller, useForm, useWatch, type FieldErrors } from 'react-hook-form'
import { useTranslation } from 'react-i18next'
import { Link } from '../../../lib/router'
import { ApiError } from '../../../lib/api-client'
import { useNotification } from '../../../lib/shared-api/notifications'
import { useNotificationSettings } from '../api/get-notification-settings'
import { useSendMessage } from '../api/send-message'
import { failureText } from '../model/failure-text'
import { newIdempotencyKey } from '../model/idempotency'
import './notifications.css'
import { fieldIssueText, fieldMessageText } from '../../../lib/api-error-text'

/** The delivery state of the message just queued, asked again until it is sent or failed. */
function DeliveryState({ id }: { id: number }) {
  const { t } = useTranslation('notifications')
  const query = useNotification(id)
  const n = query.data
  let text = t('delivery.queued', { id })
  let color = 'blue'
  if (query.isError && !n) {
    text = t('delivery.checkFailed', { id })
    color = 'yellow'
  } else if (n?.state === 'sending') {
    text = t('delivery.sending', { id })
  } else if (n?.state === 'sent') {
    text = t('delivery.sent', { id })
    color = 'green'
  } else if (n?.state === 'failed') {
    text = t('delivery.failed', { id, error: n.last_error ?? '' })
    color = 'red'
  }
  return (
    <Alert color={color} mt="md" data-state={n?.state ?? 'queued'}>
      <Text span>{text}</Text>{' '}
      <Anchor component={Link} to={n?.state === 'failed' ? '/outbox?state=failed' : '/outbox'}>
        {t('delivery.outbox')}
      </Anchor>
    </Alert>
  )
}

/**
 * Send SMS (seed /tsms): phone number, message, channel. Queues what was typed through
 * POST /send-whatsapp, then follows its delivery. A failure keeps every typed value.
 */
export function SendMessageForm() {
  const { t } = useTranslation('notifications')
  const settings = useNotificationSettings()
  const send = useSendMessage()
  const [queuedId, setQueuedId] = useState<number>()
  const [errorLine, setErrorLine] = useState('')
  // One key per message: a repeat after a lost answer is queued once.
  const attempt = useRef<{ key: string; fingerprint: string } | null>(null)
  const form = useForm<SendMessageInput, unknown, SendMessageBody>({
    resolver: zodResolver(SendMessageBodySchema),
    defaultValues: { to: '', message: '', channel: 'whatsapp' },
  })
  const { errors } = form.formState
  const length = (useWatch({ control: form.control, name: 'message' }) ?? '').length
  const smsAllowed = settings.data?.freeTextChannels.includes('sms') ?? false

  const fieldError = (name: 'to' | 'message' | 'channel', e: FieldErrors<SendMessageInput>) =>
    fieldMessageText(e[name]?.message, name)

  const handleValid = async (body: SendMessageBody) => {
    setErrorLine('')
    const fingerprint = JSON.stringify(body)
    if (attempt.current?.fingerprint !== fingerprint) attempt.current = { key: newIdempotencyKey(), fingerprint }
    try {
      const res = await send.mutateAsync({ body, idempotencyKey: attempt.current.key })
      attempt.current = null
      setQueuedId(res.id)
      form.resetField('message')
    } catch (error) {
      if (error instanceof ApiError) {
        for (const issue of error.issues) {
          if (issue.path === 'to' || issue.path === 'message' || issue.path === 'channel') {
            form.setError(issue.path, { message: fieldIssueText(issue) })
          }
        }
      }
      setErrorLine(failureText(t, error))
    }
  }

  const handleInvalid = (e: FieldErrors<SendMessageInput>) => {
    setQueuedId(undefined)
    const detail = fieldError('to', e)
      ? t('errors.phone')
      : (fieldError('message', e) ?? fieldError('channel', e) ?? '')
    setErrorLine(t('errors.invalid', { detail }))
  }

  return (
    <form
      noValidate
      onSubmit={(event) => void form.handleSubmit(handleValid, handleInvalid)(event)}
      className="tsms notifications-scope"
      aria-busy={send.isPending}
    >
      <Stack gap="md" maw={560}>
        {settings.data?.provider === 'log' ? (
          <Text size="sm" c="dimmed">
            {t('send.logProvider')}
          </Text>
        ) : null}
        <TextInput
          label={t('send.phone')}
          description={t('send.phoneHint')}
          placeholder={t('send.phonePlaceholder')}
          type="tel"
          inputMode="tel"
          autoComplete="tel"
          required
          error={errors.to ? t('errors.phone') : undefined}
          {...form.register('to')}
        />
        <Textarea
          label={t('send.message')}
          required
          rows={5}
          maxLength={MESSAGE_MAX_LENGTH}
          error={errors.message?.message}
          description={<span aria-live="polite">{t('send.count', { count: length, max: MESSAGE_MAX_LENGTH })}</span>}
          {...form.register('message')}
        />
        <Controller
          control={form.control}
          name="channel"
          render={({ field }) => (
            <Radio.Group
              label={t('send.channel')}
              value={field.value ?? 'whatsapp'}
              onChange={field.onChange}
              description={smsAllowed ? undefined : t('send.smsNotAllowed')}
              error={errors.channel?.message}
            >
              <Group mt="xs">
                <Radio value="whatsapp" label={t('send.whatsapp')} />
                <Radio value="sms" label={t('send.sms')} disabled={!smsAllowed} />
              </Group>
            </Radio.Group>
          )}
        />
        <div>
          <Button type="submit" disabled={send.isPending}>
            {send.isPending ? t('send.sending') : t('send.submit')}
          </Button>
        </div>
        <p className="tsms__error" role="alert" data-testid="tsms-error">
          {errorLine}
        </p>
      </Stack>
      <div aria-live="polite">{queuedId !== undefined ? <DeliveryState id={queuedId} /> : null}</div>
    </form>
  )
}
