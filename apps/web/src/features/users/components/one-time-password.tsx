import { Button, CopyButton, Group, Stack, Text } from '@mantine/core'
import { useTranslation } from 'react-i18next'

/** A one-time password, shown once to the admin, with a button that copies it. */
export function OneTimePassword({ user, password }: { user: string; password: string }) {
  const { t } = useTranslation('users')
  return (
    <Stack gap={6}>
      <Text fw={600} id="one-time-password-label">
        {t('password.label', { user })}
      </Text>
      <Group gap="sm" wrap="wrap">
        <code className="one-time-password" aria-labelledby="one-time-password-label" data-testid="one-time-password">
          {password}
        </code>
        <CopyButton value={password}>
          {({ copied, copy }) => (
            <Button size="xs" variant="outline" onClick={copy} aria-live="polite">
              {copied ? t('password.copied') : t('password.copy')}
            </Button>
          )}
        </CopyButton>
      </Group>
      <Text size="sm">{t('password.hint', { user })}</Text>
    </Stack>
  )
}
