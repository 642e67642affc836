import type { AdminUser, Notification } from '@townworks/contract'
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { beforeAll, describe, expect, it, vi } from 'vitest'
import { i18n } from '../../../lib/i18n'
import { MantineScope } from '../../../lib/mantine'
import { mockApi, refuse } from '../../../testing/api-mock'
import { renderWithRouter } from '../../../testing/render'
import { UndoToast } from './undo-toast'
import { UsersAdmin } from './users-admin'

// Mantine's dialogs and selects in jsdom are slow on a shared machine.
vi.setConfig({ testTimeout: 30_000 })
const slow = { timeout: 10_000 }

beforeAll(async () => {
  await i18n.loadNamespaces('users')
  // The form's schema arrives by a dynamic import (decision 055): fetched once here, before the one-second waits.
  await import('../../../lib/form-resolvers')
}, 60_000)

/** Open a Mantine select and pick an option of its own list (the page has other selects). */
async function choose(u: ReturnType<typeof userEvent.setup>, combobox: HTMLElement, option: string) {
  await u.click(combobox)
  const list = await waitFor(() => {
    const found = document.getElementById(combobox.getAttribute('aria-controls') ?? '')
    if (!found) throw new Error('the option list is not open')
    return found
  })
  await u.click(within(list).getByRole('option', { name: option, hidden: true }))
}

function aUser(overrides: Partial<AdminUser> = {}): AdminUser {
  return {
    id: 5,
    user: 'sita',
    email: 'sita@example.com',
    role: 'customer',
    phone: '+919848012345',
    disabled: false,
    created_at: '2031-01-01T00:00:00.000Z',
    worker_id: null,
    worker_name: null,
    ...overrides,
  }
}

function aMessage(overrides: Partial<Notification> = {}): Notification {
  return {
    id: 31,
    event: 'account_invite',
    channel: 'whatsapp',
    to: '+919848055555',
    body: 'TownWorks: you are invited as ravi. Sign in at http://x/login with the password the office gives you.',
    state: 'sent',
    attempts: 1,
    next_attempt_at: '2031-01-01T00:00:00.000Z',
    last_error: null,
    provider_id: 'log-1',
    dlt_template_id: null,
    created_at: '2031-01-01T00:00:00.000Z',
    sent_at: '2031-01-01T00:00:00.000Z',
    task_id: null,
    ...overrides,
  }
}

/** The screen against a server that keeps one account and applies every PATCH to it. */
function renderScreen(start: AdminUser = aUser()) {
  let user = start
  const api = mockApi({
    adminUsers: () => ({ users: [user], total: 1, page: 1, pageSize: 25 }),
    updateUser: ({ body }) => {
      user = { ...user, ...body }
      return { message: 'Saved', user }
    },
    resetPassword: () => ({ message: 'Reset', user, one_time_password: 'tide-7Q4m-lamp' }),
    invite: ({ body }) =>
      Object.assign(
        { message: 'Invitation sent', one_time_password: 'moon-2Xk9-reed' },
        { user: aUser({ id: 9, user: body.user, phone: '+919848055555', role: body.role }) },
        { notification: { id: 31, state: 'queued' as const } },
      ),
    notification: () => ({ notification: aMessage() }),
  })
  renderWithRouter(
    <MantineScope>
      <UsersAdmin />
    </MantineScope>,
    { role: 'admin', path: '/admin/users' },
  )
  return { ...api, current: () => user }
}

const patches = (calls: { name?: string; body: unknown }[]) =>
  calls.filter((c) => c.name === 'updateUser').map((c) => c.body)

async function pickRole(u: ReturnType<typeof userEvent.setup>, name: string, role: string) {
  await choose(u, await screen.findByRole('combobox', { name: `Role of ${name}` }, slow), role)
}

describe('the Users screen', () => {
  it('asks before a role change, in words of its consequence; Cancel changes nothing', async () => {
    const { calls } = renderScreen()
    const u = userEvent.setup()
    await pickRole(u, 'sita', 'Operator')
    const dialog = await screen.findByRole('dialog', { name: 'Make sita Operator?' }, slow)
    expect(within(dialog).getByTestId('confirm-consequence')).toHaveTextContent(
      "sita will see every customer's requests and can schedule work, change statuses and send messages.",
    )
    await u.click(within(dialog).getByRole('button', { name: 'Cancel' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument(), slow)
    expect(patches(calls)).toEqual([])
    expect(screen.getByRole('combobox', { name: 'Role of sita' })).toHaveValue('Customer')
  })

  it('changes the role once confirmed, and Undo puts the previous role back through the same call', async () => {
    const { calls, current } = renderScreen()
    const u = userEvent.setup()
    await pickRole(u, 'sita', 'Operator')
    const dialog = await screen.findByRole('dialog', { name: 'Make sita Operator?' }, slow)
    await u.click(within(dialog).getByRole('button', { name: 'Change the role' }))
    expect(await screen.findByText('sita is now Operator.', {}, slow)).toBeInTheDocument()
    expect(patches(calls)).toEqual([{ role: 'operator' }])
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'Role of sita' })).toHaveValue('Operator'), slow)

    await u.click(screen.getByRole('button', { name: 'Undo' }))
    expect(await screen.findByText('Undone: sita is now Customer.', {}, slow)).toBeInTheDocument()
    expect(patches(calls)).toEqual([{ role: 'operator' }, { role: 'customer' }])
    expect(current().role).toBe('customer')
    expect(screen.queryByRole('button', { name: 'Undo' })).not.toBeInTheDocument()
  })

  it('asks before disabling ("will no longer be able to sign in"); enabling again needs no question', async () => {
    const { calls } = renderScreen(aUser({ user: 'ravi' }))
    const u = userEvent.setup()
    await u.click(await screen.findByRole('button', { name: 'Disable ravi' }, slow))
    const dialog = await screen.findByRole('dialog', { name: 'Disable ravi?' }, slow)
    expect(within(dialog).getByTestId('confirm-consequence')).toHaveTextContent(
      'ravi will no longer be able to sign in, and is signed out everywhere now.',
    )
    await u.click(within(dialog).getByRole('button', { name: 'Disable the account' }))
    expect(await screen.findByText('ravi is disabled.', {}, slow)).toBeInTheDocument()
    await u.click(await screen.findByRole('button', { name: 'Enable ravi' }, slow))
    expect(await screen.findByText('ravi is enabled again.', {}, slow)).toBeInTheDocument()
    // Enabling asks nothing: the disabling question has gone (once its closing transition ends).
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument(), slow)
    expect(patches(calls)).toEqual([{ disabled: true }, { disabled: false }])
  })

  it('a refused change says why and offers no Undo', async () => {
    mockApi({
      adminUsers: () => ({ users: [aUser()], total: 1, page: 1, pageSize: 25 }),
      updateUser: () => refuse(409, { message: 'The last admin cannot be demoted', code: 'CONFLICT' }),
    })
    renderWithRouter(
      <MantineScope>
        <UsersAdmin />
      </MantineScope>,
      { role: 'admin' },
    )
    const u = userEvent.setup()
    await pickRole(u, 'sita', 'Worker')
    await u.click(await screen.findByRole('button', { name: 'Change the role' }, slow))
    expect(await screen.findByText('The last admin cannot be demoted', {}, slow)).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Undo' })).not.toBeInTheDocument()
  })

  it('resets a password after asking, and shows the one-time password to copy', async () => {
    const { calls } = renderScreen()
    const u = userEvent.setup()
    await u.click(await screen.findByRole('button', { name: 'Reset the password of sita' }, slow))
    const ask = await screen.findByRole('dialog', { name: 'Reset the password of sita?' }, slow)
    expect(calls.filter((c) => c.name === 'resetPassword')).toHaveLength(0)
    await u.click(within(ask).getByRole('button', { name: 'Reset the password' }))
    const shown = await screen.findByRole('dialog', { name: 'The password of sita is reset' }, slow)
    expect(within(shown).getByTestId('one-time-password')).toHaveTextContent('tide-7Q4m-lamp')
    expect(within(shown).getByRole('button', { name: 'Copy' })).toBeInTheDocument()
    expect(calls.filter((c) => c.name === 'resetPassword').map((c) => c.url.pathname)).toEqual([
      '/api/admin/users/5/password-reset',
    ])
  })

  it('invites a person: shows what was sent to their phone, and the password to give them apart from it', async () => {
    const { calls } = renderScreen()
    const u = userEvent.setup()
    await u.click(await screen.findByRole('button', { name: 'Invite a user' }, slow))
    const dialog = await screen.findByRole('dialog', { name: 'Invite a user' }, slow)
    await u.type(within(dialog).getByRole('textbox', { name: /Login name/ }), 'ravi')
    await u.type(within(dialog).getByRole('textbox', { name: /Mobile number/ }), '98480 55555')
    await choose(u, within(dialog).getByRole('combobox', { name: 'Role' }), 'Worker')
    await u.click(within(dialog).getByRole('button', { name: 'Send the invitation' }))
    expect(await within(dialog).findByTestId('invite-sent', {}, slow)).toHaveTextContent(
      'Invitation for ravi queued as message #31 to +91 98480 55555',
    )
    expect(calls.find((c) => c.name === 'invite')?.body).toEqual({
      user: 'ravi',
      phone: '98480 55555',
      role: 'worker',
      language: 'en',
    })
    expect(await within(dialog).findByText(/you are invited as ravi/, {}, slow)).toBeInTheDocument()
    expect(within(dialog).getByTestId('one-time-password')).toHaveTextContent('moon-2Xk9-reed')
    expect(within(dialog).getByText(/you are invited as ravi/)).not.toHaveTextContent('moon-2Xk9-reed')
  })

  it('explains the hourly invitation limit in words, and keeps what was typed', async () => {
    mockApi({
      adminUsers: () => ({ users: [aUser()], total: 1, page: 1, pageSize: 25 }),
      invite: () =>
        refuse(
          429,
          { message: 'You may invite 20 people an hour', code: 'TOO_MANY_ATTEMPTS' },
          { 'retry-after': '1500' },
        ),
    })
    renderWithRouter(
      <MantineScope>
        <UsersAdmin />
      </MantineScope>,
      { role: 'admin' },
    )
    const u = userEvent.setup()
    await u.click(await screen.findByRole('button', { name: 'Invite a user' }, slow))
    const dialog = await screen.findByRole('dialog', { name: 'Invite a user' }, slow)
    await u.type(within(dialog).getByRole('textbox', { name: /Login name/ }), 'ravi')
    await u.type(within(dialog).getByRole('textbox', { name: /Mobile number/ }), '9848055555')
    await u.click(within(dialog).getByRole('button', { name: 'Send the invitation' }))
    await waitFor(
      () =>
        expect(within(dialog).getByTestId('invite-error')).toHaveTextContent(
          'You have sent as many invitations as allowed for this hour. You can invite again in 25 minutes.',
        ),
      slow,
    )
    expect(within(dialog).getByRole('textbox', { name: /Login name/ })).toHaveValue('ravi')
    expect(within(dialog).getByRole('textbox', { name: /Mobile number/ })).toHaveValue('9848055555')
  })
})

describe('the undo toast', () => {
  it('goes away by itself after its time, and not while the pointer rests on it', async () => {
    const onDismiss = vi.fn()
    const offer = { text: 'sita is now Operator.', undo: null }
    const { rerender } = renderWithRouter(
      <MantineScope>
        <UndoToast offer={offer} onUndo={() => undefined} onDismiss={onDismiss} seconds={0.05} />
      </MantineScope>,
    )
    await waitFor(() => expect(onDismiss).toHaveBeenCalledTimes(1))
    onDismiss.mockClear()
    rerender(
      <MantineScope>
        <UndoToast offer={{ ...offer }} onUndo={() => undefined} onDismiss={onDismiss} seconds={0.05} />
      </MantineScope>,
    )
    await userEvent.hover(screen.getByText('sita is now Operator.'))
    await new Promise((resolve) => setTimeout(resolve, 150))
    expect(onDismiss).not.toHaveBeenCalled()
  })
})
