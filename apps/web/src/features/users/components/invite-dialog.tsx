import { Alert, Button, Group, Modal, Select, Stack, Text, TextInput } from '@mantine/core'
import type { InviteBody, InviteInput, InviteResponse } from '@townworks/contract'
import { LANGUAGES, ROLES, type Language, type Role } from '@townworks/contract/constants'
import { useEffect, useState } from 'react'
import { Controller, useForm } from 'react-hook-form'
import { useTranslation } from 'react-i18next'
import { PhoneLink } from '../../../components/phone-link'
import { describeApiError, serverDetail } from '../../../lib/api-error-text'
import { fieldMessageText } from '../../../lib/field-issue-text'
import { LANGUAGE_NAMES } from '../../../lib/language'
import { useNotification } from '../../../lib/shared-api/notifications'
import { useInviteUser } from '../api/invite-user'
import { OneTimePassword } from './one-time-password'
import { lazyResolver } from '../../../lib/lazy-resolver'

/** The contract's schema, imported when the form is on screen or first checks a field (decision 055). */
const resolver = lazyResolver<InviteInput, InviteBody>(() =>
  import('../../../lib/form-resolvers').then((m) => m.inviteResolver),
)

const EMPTY: InviteInput = { user: '', phone: '', role: 'customer', language: 'en' }

/**
 * Invite a person (POST /api/admin/invites): their login name, phone and role. The form lives
 * outside the dialog, so closing it keeps what was typed; a refusal (name or phone taken, the
 * hourly limit) is said in words.
 */
function useInviteFlow(onClose: () => void) {
  const { t } = useTranslation('users')
  const invite = useInviteUser()
  const [result, setResult] = useState<InviteResponse | null>(null)
  const [error, setError] = useState('')
  const form = useForm<InviteInput, unknown, InviteBody>({
    resolver,
    defaultValues: EMPTY,
  })
  // Fetched once the form is on screen, so the first check rarely waits for it.
  useEffect(() => resolver.preload(), [])
  const submit = form.handleSubmit((body) => {
    setError('')
    invite.mutate(body, {
      onSuccess: (answer) => {
        setResult(answer)
        form.reset(EMPTY)
      },
      onError: (failure) =>
        setError(
          describeApiError(failure, {
            TOO_MANY_ATTEMPTS: (e) =>
              t('invite.tooMany', { count: Math.max(1, Math.ceil((e.retryAfterSeconds ?? 3600) / 60)) }),
            CONFLICT: (e) => t('invite.taken', { detail: serverDetail(e) }),
          }),
        ),
    })
  })
  return {
    form,
    result,
    error,
    busy: invite.isPending,
    close: () => {
      onClose()
      setResult(null)
    },
    another: () => setResult(null),
    submit,
  }
}

/**
 * The invitation dialog, loaded when the admin first opens it (its form validates with zod: loading
 * it with the screen took /admin/users over the 200 kB route limit). It stays mounted afterwards,
 * so what was typed survives closing it.
 */
export function InviteDialog({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { t } = useTranslation('users')
  const flow = useInviteFlow(onClose)
  return (
    <Modal
      opened={opened}
      onClose={flow.close}
      title={t('invite.title')}
      closeButtonProps={{ 'aria-label': t('confirm.close') }}
    >
      {flow.result ? (
        <InviteResult result={flow.result} onAnother={flow.another} onClose={flow.close} />
      ) : (
        <InviteForm flow={flow} />
      )}
    </Modal>
  )
}

function InviteForm({ flow }: { flow: ReturnType<typeof useInviteFlow> }) {
  const { t } = useTranslation('users')
  const { errors } = flow.form.formState
  const roleOptions = ROLES.map((r) => ({ value: r, label: t(`roles.${r}`) }))
  const languageOptions = LANGUAGES.map((l) => ({ value: l, label: LANGUAGE_NAMES[l] }))
  return (
    <form noValidate onSubmit={(e) => void flow.submit(e)} aria-busy={flow.busy}>
      <Stack gap="sm">
        <Text size="sm">{t('invite.lead')}</Text>
        <TextInput
          label={t('invite.user')}
          description={t('invite.userHint')}
          required
          autoComplete="off"
          error={fieldMessageText(errors.user?.message, 'user')}
          {...flow.form.register('user')}
        />
        <TextInput
          label={t('invite.phone')}
          type="tel"
          inputMode="tel"
          placeholder="98480 12345"
          required
          error={fieldMessageText(errors.phone?.message, 'phone')}
          {...flow.form.register('phone')}
        />
        <Controller
          control={flow.form.control}
          name="role"
          render={({ field }) => (
            <Select
              label={t('invite.role')}
              data={roleOptions}
              allowDeselect={false}
              value={field.value}
              onChange={(v) => field.onChange(v as Role)}
            />
          )}
        />
        <Controller
          control={flow.form.control}
          name="language"
          render={({ field }) => (
            <Select
              label={t('invite.language')}
              data={languageOptions}
              allowDeselect={false}
              value={field.value ?? 'en'}
              onChange={(v) => field.onChange(v as Language)}
            />
          )}
        />
        <p role="alert" className="users-admin__error" data-testid="invite-error">
          {flow.error}
        </p>
        <Group justify="flex-end">
          <Button type="submit" loading={flow.busy}>
            {t('invite.submit')}
          </Button>
        </Group>
      </Stack>
    </form>
  )
}

/** What was sent and to whom (the outbox's words, which never hold the password), and the password to give in person. */
function InviteResult({
  result,
  onAnother,
  onClose,
}: {
  result: InviteResponse
  onAnother: () => void
  onClose: () => void
}) {
  const { t } = useTranslation('users')
  const message = useNotification(result.notification.id)
  const sent = message.data
  return (
    <Stack gap="md">
      <Alert color="green" data-testid="invite-sent">
        <Text span>{t('invite.sent', { user: result.user.user, id: result.notification.id })} </Text>
        <PhoneLink phone={result.user.phone} />
      </Alert>
      {sent ? (
        <div>
          <Text fw={600}>{t('invite.message', { channel: t(`invite.channels.${sent.channel}`) })}</Text>
          <Text
            component="blockquote"
            m={0}
            pl="sm"
            style={{ borderLeft: '3px solid #868e96', overflowWrap: 'anywhere' }}
          >
            {sent.body}
          </Text>
        </div>
      ) : null}
      <OneTimePassword user={result.user.user} password={result.one_time_password} />
      <Group justify="flex-end" gap="sm">
        <Button variant="default" onClick={onAnother}>
          {t('invite.another')}
        </Button>
        <Button onClick={onClose}>{t('reset.close')}</Button>
      </Group>
    </Stack>
  )
}
