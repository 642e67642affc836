import { Button, Group, Select, Text } from '@mantine/core'
import type { AdminUser } from '@townworks/contract'
import { ROLES, type Role } from '@townworks/contract/constants'
import type { TFunction } from 'i18next'
import { useTranslation } from 'react-i18next'
import type { DataColumn } from '../../../components/data-table/data-table'
import type { NoticeValue } from '../../../components/notice'
import { PhoneLink } from '../../../components/phone-link'
import { describeApiError } from '../../../lib/api-error-text'
import { useSession } from '../../../lib/session'
import { useLinkWorker } from '../api/link-worker'
import { useWorkerOptions } from '../api/worker-options'
import type { UserChange } from '../model/changes'

/** What the cells may ask of the screen. */
export interface UserActions {
  request: (change: UserChange) => void
  resetPassword: (user: AdminUser) => void
  onNotice: (notice: NoticeValue) => void
  busy: boolean
}

/** The Users table's columns: who, how to reach them, and a cell for each change an admin can make. */
export function userColumns(t: TFunction<'users'>, actions: UserActions): DataColumn<AdminUser>[] {
  return [
    { id: 'user', header: t('columns.user'), value: (user) => user.user, rowHeader: true },
    {
      id: 'phone',
      header: t('columns.phone'),
      value: (user) => user.phone ?? '',
      cell: (user) =>
        user.phone ? <PhoneLink phone={user.phone} label={t('actions.call', { user: user.user })} /> : '—',
    },
    { id: 'email', header: t('columns.email'), value: (user) => user.email ?? '—' },
    {
      id: 'role',
      header: t('columns.role'),
      value: (user) => t(`roles.${user.role}`),
      cell: (user) => <RoleCell user={user} actions={actions} />,
    },
    {
      id: 'worker',
      header: t('columns.worker'),
      value: (user) => user.worker_name ?? '',
      cell: (user) => <WorkerCell user={user} onNotice={actions.onNotice} />,
    },
    {
      id: 'state',
      header: t('columns.state'),
      value: (user) => (user.disabled ? t('state.disabled') : t('state.active')),
      cell: (user) => <StateCell user={user} actions={actions} />,
    },
    {
      id: 'password',
      header: t('columns.password'),
      value: () => '',
      cell: (user) => (
        <Button
          size="xs"
          variant="outline"
          onClick={() => actions.resetPassword(user)}
          aria-label={t('reset.buttonOf', { user: user.user })}
        >
          {t('reset.button')}
        </Button>
      ),
    },
  ]
}

function useIsSelf(user: AdminUser) {
  const session = useSession()
  return session.user?.toLowerCase() === user.user.toLowerCase()
}

/** The role, changed only after the confirmation (the select shows the saved role until then). */
function RoleCell({ user, actions }: { user: AdminUser; actions: UserActions }) {
  const { t } = useTranslation('users')
  const isSelf = useIsSelf(user)
  return (
    <Select
      aria-label={t('actions.roleOf', { user: user.user })}
      data={ROLES.map((r) => ({ value: r, label: t(`roles.${r}`) }))}
      value={user.role}
      allowDeselect={false}
      disabled={isSelf || actions.busy}
      onChange={(value) => {
        if (value && value !== user.role) actions.request({ kind: 'role', user, to: value as Role })
      }}
    />
  )
}

function WorkerCell({ user, onNotice }: { user: AdminUser; onNotice: (notice: NoticeValue) => void }) {
  const { t } = useTranslation('users')
  const link = useLinkWorker()
  const workers = useWorkerOptions(user.role === 'worker')
  if (user.role !== 'worker') return <Text size="sm">{user.worker_name ?? '—'}</Text>
  return (
    <Select
      aria-label={t('actions.workerOf', { user: user.user })}
      placeholder={t('actions.noWorker')}
      data={workers.data ?? []}
      searchable
      clearable
      value={user.worker_id !== null ? String(user.worker_id) : null}
      disabled={link.isPending || workers.isPending}
      onChange={(value) =>
        link.mutate(
          { id: user.id, workerId: value ? Number(value) : null },
          {
            onSuccess: () =>
              onNotice({
                tone: 'ok',
                text: value ? t('done.linked', { user: user.user }) : t('done.unlinked', { user: user.user }),
              }),
            onError: (error) => onNotice({ tone: 'error', text: describeApiError(error) }),
          },
        )
      }
    />
  )
}

function StateCell({ user, actions }: { user: AdminUser; actions: UserActions }) {
  const { t } = useTranslation('users')
  const isSelf = useIsSelf(user)
  return (
    <Group gap="xs" wrap="nowrap">
      <Text fw={600} c={user.disabled ? 'red.9' : undefined}>
        {user.disabled ? t('state.disabled') : t('state.active')}
      </Text>
      <Button
        size="xs"
        variant="outline"
        disabled={isSelf || actions.busy}
        aria-label={t(user.disabled ? 'actions.enableOf' : 'actions.disableOf', { user: user.user })}
        onClick={() => actions.request({ kind: 'disabled', user, to: !user.disabled })}
      >
        {user.disabled ? t('actions.enable') : t('actions.disable')}
      </Button>
    </Group>
  )
}
