import { Alert, Button, Group, Pagination, Select, Table, Text, TextInput } from '@mantine/core'
import type { AdminUser } from '@townworks/contract'
import { ROLES, type Role } from '@townworks/contract/constants'
import { useState } from 'react'
import { Notice } from '../../../components/notice'
import { useTranslation } from 'react-i18next'
import { useSearchParams } from '../../../lib/router'
import { isApiError } from '../../../lib/api-client'
import { useSession } from '../../../lib/session'
import { useLinkWorker } from '../api/link-worker'
import { useUsers } from '../api/list-users'
import { useUpdateUser } from '../api/update-user'
import { useWorkerOptions } from '../api/worker-options'
import { describeApiError, serverDetail } from '../../../lib/api-error-text'
import { ScrollRegion } from '../../../components/scroll-region'

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

      {users.isError ? (
        <Alert color="red" mt="md" role="alert">
          {isApiError(users.error) && users.error.kind === 'network' ? t('errors.noServer') : t('errors.load')}
        </Alert>
      ) : users.isPending ? (
        <Text mt="md">{t('loading')}</Text>
      ) : users.data.users.length === 0 ? (
        <Text mt="md">{t('empty')}</Text>
      ) : (
        <ScrollRegion minWidth={720} className="tw-table-region" label={t('caption', { total: users.data.total })}>
          <Table striped highlightOnHover>
            <Table.Caption style={{ color: 'var(--tw-text)' }}>
              {t('caption', { total: users.data.total })}
            </Table.Caption>
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">{t('columns.user')}</Table.Th>
                <Table.Th scope="col">{t('columns.email')}</Table.Th>
                <Table.Th scope="col">{t('columns.role')}</Table.Th>
                <Table.Th scope="col">{t('columns.worker')}</Table.Th>
                <Table.Th scope="col">{t('columns.state')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {users.data.users.map((user) => (
                <UserRow key={user.id} user={user} onNotice={setNotice} />
              ))}
            </Table.Tbody>
          </Table>
        </ScrollRegion>
      )}
      {totalPages > 1 ? (
        <Pagination
          mt="md"
          total={totalPages}
          value={page}
          onChange={(p) => setParam('page', String(p))}
          getControlProps={(control) => ({ 'aria-label': t(`pagination.${control}`) })}
          getItemProps={(p) => ({ 'aria-label': t('pagination.page', { page: p }) })}
        />
      ) : null}
    </div>
  )
}

interface UserRowProps {
  user: AdminUser
  onNotice: (notice: { tone: 'ok' | 'error'; text: string }) => void
}

function UserRow({ user, onNotice }: UserRowProps) {
  const { t } = useTranslation('users')
  const session = useSession()
  const update = useUpdateUser()
  const link = useLinkWorker()
  const workers = useWorkerOptions(user.role === 'worker')
  const isSelf = session.user?.toLowerCase() === user.user.toLowerCase()

  const fail = (error: unknown) =>
    onNotice({
      tone: 'error',
      // The server's refusals name the reason (English; the code's text in Telugu and Hindi).
      text: describeApiError(error, {
        network: t('errors.noServer'),
        unknown: t('errors.save'),
        CONFLICT: serverDetail,
        VALIDATION_FAILED: serverDetail,
        FORBIDDEN: serverDetail,
      }),
    })

  return (
    <Table.Tr>
      <Table.Th scope="row">{user.user}</Table.Th>
      <Table.Td>{user.email ?? '—'}</Table.Td>
      <Table.Td>
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
      </Table.Td>
      <Table.Td>
        {user.role === 'worker' ? (
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
        ) : (
          <Text size="sm">{user.worker_name ?? '—'}</Text>
        )}
      </Table.Td>
      <Table.Td>
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
      </Table.Td>
    </Table.Tr>
  )
}
