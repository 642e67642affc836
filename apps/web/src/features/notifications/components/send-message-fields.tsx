import { Alert, Anchor, Button, Group, Radio, Stack, Text, Textarea, TextInput } from '@mantine/core'
import type { NotificationSettings, SendMessageInput } from '@townworks/contract'
import { MESSAGE_MAX_LENGTH } from '@townworks/contract/constants'
import { Controller, useWatch, type Control } from 'react-hook-form'
import { useTranslation } from 'react-i18next'
import { Link } from '../../../lib/router'
import { useNotification } from '../../../lib/shared-api/notifications'
import { RecipientPicker } from './recipient-picker'
import { TemplatePicker } from './template-picker'
import { useSendMessageForm } from './use-send-message-form'
import './notifications.css'

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

/** The form of Send message, loaded beside the settings it waits for (see send-message-form.tsx). */
export function SendMessageFields({ settings }: { settings: NotificationSettings }) {
  const { t } = useTranslation('notifications')
  const state = useSendMessageForm()
  const { form, send } = state
  const { errors } = form.formState
  const length = (useWatch({ control: form.control, name: 'message' }) ?? '').length
  const smsAllowed = settings.freeTextChannels.includes('sms')

  return (
    <form
      noValidate
      onSubmit={(event) => void state.onSubmit(event)}
      className="tsms notifications-scope"
      aria-busy={send.isPending}
    >
      <Stack gap="md" maw={560}>
        {settings.provider === 'log' ? (
          <Text size="sm" c="dimmed">
            {t('send.logProvider')}
          </Text>
        ) : null}
        <RecipientPicker taskId={state.taskId} onTask={state.setTaskId} onPick={(phone) => state.fillPhone(phone)} />
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
        <TemplatePicker job={state.job} onText={state.fillMessage} />
        <Textarea
          label={t('send.message')}
          required
          rows={5}
          maxLength={MESSAGE_MAX_LENGTH}
          error={errors.message?.message}
          description={<span aria-live="polite">{t('send.count', { count: length, max: MESSAGE_MAX_LENGTH })}</span>}
          {...form.register('message')}
        />
        <ChannelChoice control={form.control} smsAllowed={smsAllowed} error={errors.channel?.message} />
        <div>
          <Button type="submit" disabled={send.isPending}>
            {send.isPending ? t('send.sending') : t('send.submit')}
          </Button>
        </div>
        <p className="tsms__error" role="alert" data-testid="tsms-error">
          {state.errorLine}
        </p>
      </Stack>
      <div aria-live="polite">{state.queuedId !== undefined ? <DeliveryState id={state.queuedId} /> : null}</div>
    </form>
  )
}

/** WhatsApp or SMS; where typed SMS is not allowed, the reason is said beside it, before sending. */
function ChannelChoice({
  control,
  smsAllowed,
  error,
}: {
  control: Control<SendMessageInput>
  smsAllowed: boolean
  error: string | undefined
}) {
  const { t } = useTranslation('notifications')
  return (
    <Controller
      control={control}
      name="channel"
      render={({ field }) => (
        <Radio.Group
          label={t('send.channel')}
          value={field.value ?? 'whatsapp'}
          onChange={field.onChange}
          error={error}
        >
          <Group mt="xs">
            <Radio value="whatsapp" label={t('send.whatsapp')} />
            <Radio
              value="sms"
              label={t('send.sms')}
              disabled={!smsAllowed}
              aria-describedby={smsAllowed ? undefined : 'tsms-sms-why'}
            />
          </Group>
          {smsAllowed ? null : (
            <Text size="sm" mt={6} id="tsms-sms-why" data-testid="tsms-sms-why">
              {t('send.smsNotAllowed')}
            </Text>
          )}
        </Radio.Group>
      )}
    />
  )
}
