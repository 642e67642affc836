import { Button, Group, Select, TextInput } from '@mantine/core'
import { ROLES, type Role } from '@townworks/contract/constants'
import { lazy, Suspense, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { DataTable } from '../../../components/data-table/data-table'
import { Notice } from '../../../components/notice'
import { QueryState } from '../../../components/query-state'
import { isApiError } from '../../../lib/api-client'
import { loadWithTimeout } from '../../../lib/lazy-with-timeout'
import { useSearchParams } from '../../../lib/router'
import { useUsers } from '../api/list-users'
import { consequenceText, questionText } from '../model/changes'
import { ConfirmDialog } from './confirm-dialog'
import { ResetPasswordDialogs, useResetFlow } from './reset-password-dialogs'
import { UndoToast } from './undo-toast'
import { userColumns } from './user-cells'
import { useUserChanges } from './use-user-changes'
import './users.css'

const PAGE_SIZE = 25

const InviteDialog = lazy(() =>
  loadWithTimeout(() => import('./invite-dialog')).then((m) => ({ default: m.InviteDialog })),
)

/** The search, the role filter and the page, kept in the address. */
function useUserSearch() {
  const [params, setParams] = useSearchParams()
  const q = params.get('q') ?? ''
  const roleParam = params.get('role')
  const role = ROLES.includes(roleParam as Role) ? (roleParam as Role) : undefined
  const page = Math.max(1, Number(params.get('page')) || 1)
  function setParam(name: string, value: string | undefined) {
    const next = new URLSearchParams(params)
    if (value) next.set(name, value)
    else next.delete(name)
    if (name !== 'page') next.delete('page')
    setParams(next, { replace: true })
  }
  return { q, role, page, setParam }
}

/**
 * The admin's Users screen: search, filter by role; change a role or disable an account (asked
 * first, with its consequence in words, then undoable for a few seconds); invite a person; reset a
 * password; link worker profiles.
 */
export function UsersAdmin() {
  const { t } = useTranslation('users')
  const search = useUserSearch()
  const users = useUsers({ q: search.q || undefined, role: search.role, page: search.page, pageSize: PAGE_SIZE })
  const changes = useUserChanges()
  const reset = useResetFlow(changes.setNotice)
  // Mounted from the first opening on (it keeps what was typed), closed or open.
  const [invite, setInvite] = useState<'never' | 'open' | 'closed'>('never')
  const pending = changes.pending
  const totalPages = users.data ? Math.max(1, Math.ceil(users.data.total / PAGE_SIZE)) : 1
  const actions = {
    request: changes.request,
    resetPassword: reset.ask,
    onNotice: changes.setNotice,
    busy: changes.busy,
  }

  return (
    <div>
      <div className="users-admin__toolbar">
        <SearchForm initial={search.q} role={search.role} setParam={search.setParam} />
        <Button variant="filled" onClick={() => setInvite('open')}>
          {t('invite.open')}
        </Button>
      </div>

      <Notice notice={changes.notice} onClose={() => changes.setNotice(null)} />

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
            columns={userColumns(t, actions)}
            rows={data.users}
            rowKey={(user) => user.id}
            caption={t('caption', { total: data.total })}
            label={t('caption', { total: data.total })}
            minWidth={880}
            csvFileName="users.csv"
            paging={{ page: search.page, pages: totalPages, onPage: (p) => search.setParam('page', String(p)) }}
          />
        )}
      </QueryState>

      <ConfirmDialog
        title={pending ? questionText(t, pending) : null}
        consequence={pending ? consequenceText(t, pending) : ''}
        confirmLabel={pending ? t(pending.kind === 'role' ? 'confirm.changeRole' : 'confirm.disableButton') : ''}
        danger={pending?.kind === 'disabled'}
        onConfirm={changes.confirm}
        onCancel={changes.cancel}
      />
      <ResetPasswordDialogs flow={reset} />
      {invite === 'never' ? null : (
        <Suspense fallback={<p role="status">{t('loading')}</p>}>
          <InviteDialog opened={invite === 'open'} onClose={() => setInvite('closed')} />
        </Suspense>
      )}
      <UndoToast offer={changes.offer} onUndo={changes.undo} onDismiss={changes.dismissOffer} />
    </div>
  )
}

function SearchForm({
  initial,
  role,
  setParam,
}: {
  initial: string
  role: Role | undefined
  setParam: (name: string, value: string | undefined) => void
}) {
  const { t } = useTranslation('users')
  const [search, setSearch] = useState(initial)
  return (
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
  )
}
