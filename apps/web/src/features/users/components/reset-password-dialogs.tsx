import { Button, Group, Modal } from '@mantine/core'
import type { AdminUser, PasswordResetResponse } from '@townworks/contract'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import type { NoticeValue } from '../../../components/notice'
import { describeApiError } from '../../../lib/api-error-text'
import { useResetPassword } from '../api/reset-password'
import { ConfirmDialog } from './confirm-dialog'
import { OneTimePassword } from './one-time-password'

/** Reset a password: asked first, then the one-time password is shown once, copyable. */
export function useResetFlow(onNotice: (notice: NoticeValue | null) => void) {
  const reset = useResetPassword()
  const [target, setTarget] = useState<AdminUser | null>(null)
  const [result, setResult] = useState<PasswordResetResponse | null>(null)
  return {
    target,
    result,
    busy: reset.isPending,
    ask: (user: AdminUser) => setTarget(user),
    cancel: () => setTarget(null),
    confirm() {
      if (!target) return
      onNotice(null)
      reset.mutate(target.id, {
        onSuccess: (answer) => setResult(answer),
        onError: (error) => onNotice({ tone: 'error', text: describeApiError(error) }),
        onSettled: () => setTarget(null),
      })
    },
    close: () => setResult(null),
  }
}

export function ResetPasswordDialogs({ flow }: { flow: ReturnType<typeof useResetFlow> }) {
  const { t } = useTranslation('users')
  return (
    <>
      <ConfirmDialog
        title={flow.target ? t('reset.confirm', { user: flow.target.user }) : null}
        consequence={flow.target ? t('reset.consequence', { user: flow.target.user }) : ''}
        confirmLabel={t('reset.submit')}
        busy={flow.busy}
        danger
        onConfirm={flow.confirm}
        onCancel={flow.cancel}
      />
      <Modal
        opened={flow.result !== null}
        onClose={flow.close}
        title={flow.result ? t('reset.done', { user: flow.result.user.user }) : ''}
        closeButtonProps={{ 'aria-label': t('confirm.close') }}
      >
        {flow.result ? <OneTimePassword user={flow.result.user.user} password={flow.result.one_time_password} /> : null}
        <Group justify="flex-end" mt="lg">
          <Button onClick={flow.close}>{t('reset.close')}</Button>
        </Group>
      </Modal>
    </>
  )
}
