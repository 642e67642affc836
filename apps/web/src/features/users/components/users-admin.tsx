import { Button, Group, Select, Text, TextInput } from '@mantine/core'
import type { AdminUser } from '@townworks/contract'
import { ROLES, type Role } from '@townworks/contract/constants'
import { useState } from 'react'
import type { TFunction } from 'i18next'
import { DataTable, type DataColumn } from '../../../components/data-table/data-table'
import { Notice } from '../../../components/notice'
import { QueryState } from '../../../components/query-state'
import { useTranslation } from 'react-i18next'
import { useSearchParams } from '../../../lib/router'
import { isApiError } from '../../../lib/api-client'
import { useSession } from '../../../lib/session'
import { useLinkWorker } from '../api/link-worker'
import { useUsers } from '../api/list-users'
import { useUpdateUser } from '../api/update-user'
import { useWorkerOptions } from '../api/worker-options'
import { serverDetail } from '../../../lib/api-error-text'

const PAGE_SIZE = 25

/** The admin's Users screen: search, filter by role, change roles, disable, link worker profiles. */
export function UsersAdmin() {
  const { t } = useTranslation('users')
  const [params, setParams] = useSearchParams()
  const q = params.get('q') ?? ''
  const roleParam = params.get('role')
  const role = ROLES.includes(roleParam as Role) ? (roleParam as Role) : undefined
  const page = Math.max(1, Number(params.get('page')) || 1)
  const [search, setSearch] = useState(q)
  const users = useUsers({ q: q || undefined, role, page, pageSize: PAGE_SIZE })
  const [notice, setNotice] = useState<{ tone: 'ok' | 'error'; text: string } | null>(null)

  function setParam(name: string, value: string | undefined) {
    const next = new URLSearchParams(params)
    if (value) next.set(name, value)
    else next.delete(name)
    if (name !== 'page') next.delete('page')
    setParams(next, { replace: true })
  }

  const totalPages = users.data ? Math.max(1, Math.ceil(users.data.total / PAGE_SIZE)) : 1
  return (
    <div>
      <form
        role="search"
        onSubmit={(e) => {
          e.preventDefault()
          setParam('q', search.trim() || undefined)
        }}
      >
        <Group align="end" wrap="wrap">
          <TextInput
            label={t('search.label')}
            placeholder={t('search.placeholder')}
            value={search}
            onChange={(e) => setSearch(e.currentTarget.value)}
          />
          <Select
            label={t('search.role')}
            placeholder={t('search.anyRole')}
            clearable
            data={ROLES.map((r) => ({ value: r, label: t(`roles.${r}`) }))}
            value={role ?? null}
            onChange={(value) => setParam('role', value ?? undefined)}
          />
          <Button type="submit">{t('search.submit')}</Button>
        </Group>
      </form>

      <Notice notice={notice} onClose={() => setNotice(null)} />

      <QueryState
        query={users}
        loading={t('loading')}
        describeError={(error) =>
          isApiError(error) && error.kind === 'network' ? t('errors.noServer') : t('errors.load')
        }
        isEmpty={(data) => data.users.length === 0}
        empty={t('empty')}
      >
        {(data) => (
          <DataTable
            columns={userColumns(t, setNotice)}
            rows={data.users}
            rowKey={(user) => user.id}
            caption={t('caption', { total: data.total })}
            label={t('caption', { total: data.total })}
            minWidth={720}
            csvFileName="users.csv"
            paging={{ page, pages: totalPages, onPage: (p) => setParam('page', String(p)) }}
          />
        )}
      </QueryState>
    </div>
  )
}

type NoticeHandler = (notice: { tone: 'ok' | 'error'; text: string }) => void

/** The Users table's columns: the name, email, and a cell of its own for each change an admin can make. */
function userColumns(t: TFunction<'users'>, onNotice: NoticeHandler): DataColumn<AdminUser>[] {
  return [
    { id: 'user', header: t('columns.user'), value: (user) => user.user, rowHeader: true },
    { id: 'email', header: t('columns.email'), value: (user) => user.email ?? '—' },
    {
      id: 'role',
      header: t('columns.role'),
      value: (user) => t(`roles.${user.role}`),
      cell: (user) => <RoleCell user={user} onNotice={onNotice} />,
    },
    {
      id: 'worker',
      header: t('columns.worker'),
      value: (user) => user.worker_name ?? '',
      cell: (user) => <WorkerCell user={user} onNotice={onNotice} />,
    },
    {
      id: 'state',
      header: t('columns.state'),
      value: (user) => (user.disabled ? t('state.disabled') : t('state.active')),
      cell: (user) => <StateCell user={user} onNotice={onNotice} />,
    },
  ]
}

interface UserCellProps {
  user: AdminUser
  onNotice: NoticeHandler
}

/** What a failed change says: the server's reason, or that it could not be reached. */
function useFailure(onNotice: NoticeHandler) {
  const { t } = useTranslation('users')
  return (error: unknown) =>
    onNotice({
      tone: 'error',
      text: isApiError(error)
        ? error.kind === 'network'
          ? t('errors.noServer')
          : serverDetail(error)
        : t('errors.save'),
    })
}

function RoleCell({ user, onNotice }: UserCellProps) {
  const { t } = useTranslation('users')
  const update = useUpdateUser()
  const fail = useFailure(onNotice)
  return (
    <Select
      aria-label={t('actions.roleOf', { user: user.user })}
      data={ROLES.map((r) => ({ value: r, label: t(`roles.${r}`) }))}
      value={user.role}
      allowDeselect={false}
      disabled={update.isPending}
      onChange={(value) => {
        if (!value || value === user.role) return
        update.mutate(
          { id: user.id, role: value as Role },
          {
            onSuccess: () =>
              onNotice({
                tone: 'ok',
                text: t('done.role', { user: user.user, role: t(`roles.${value as Role}`) }),
              }),
            onError: fail,
          },
        )
      }}
    />
  )
}

function WorkerCell({ user, onNotice }: UserCellProps) {
  const { t } = useTranslation('users')
  const link = useLinkWorker()
  const workers = useWorkerOptions(user.role === 'worker')
  const fail = useFailure(onNotice)
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
            onError: fail,
          },
        )
      }
    />
  )
}

function StateCell({ user, onNotice }: UserCellProps) {
  const { t } = useTranslation('users')
  const session = useSession()
  const update = useUpdateUser()
  const fail = useFailure(onNotice)
  const isSelf = session.user?.toLowerCase() === user.user.toLowerCase()
  return (
    <Group gap="xs" wrap="nowrap">
      <Text fw={600} c={user.disabled ? 'red.9' : undefined}>
        {user.disabled ? t('state.disabled') : t('state.active')}
      </Text>
      <Button
        size="xs"
        variant="outline"
        disabled={isSelf || update.isPending}
        onClick={() => {
          const disable = !user.disabled
          if (disable && !window.confirm(t('actions.confirmDisable', { user: user.user }))) return
          update.mutate(
            { id: user.id, disabled: disable },
            {
              onSuccess: () =>
                onNotice({ tone: 'ok', text: t(disable ? 'done.disabled' : 'done.enabled', { user: user.user }) }),
              onError: fail,
            },
          )
        }}
      >
        {user.disabled ? t('actions.enable') : t('actions.disable')}
      </Button>
    </Group>
  )
}
