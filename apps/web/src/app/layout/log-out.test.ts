import 'fake-indexeddb/auto'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { i18n } from '../../lib/i18n'
import { withDeviceCopy } from '../../lib/offline/device-copy'
import { defineOutboxKind, resetOutboxForTests } from '../../lib/offline/outbox'
import { ApiError } from '../../lib/api-client'
import { logOut } from './log-out'

const noNetwork = () => Promise.reject(new TypeError('Failed to fetch'))
const loggedOut = () => Promise.resolve(Response.json({ message: 'Logged out' }))

beforeEach(() => resetOutboxForTests())
afterEach(() => vi.unstubAllGlobals())

/** One action of Ravi's kept on the phone, never sent (no network). */
async function oneWaiting() {
  const kind = defineOutboxKind('test-logout', {
    send: () => Promise.reject(new ApiError({ kind: 'network', status: 0, message: 'No Server Response' })),
  })
  await kind.add('ravi', 1, {})
}

describe('logging out (issue 23)', () => {
  it('with nothing waiting, asks the server, lets the person go and forgets what this phone kept for them', async () => {
    await withDeviceCopy('ravi', ['my-jobs'], async () => 'ravi’s jobs')
    await withDeviceCopy('sita', ['my-requests'], async () => 'sita’s requests')
    const fetch = vi.fn(loggedOut)
    vi.stubGlobal('fetch', fetch)
    const confirm = vi.spyOn(window, 'confirm')
    expect(await logOut('ravi', i18n)).toBe(true)
    expect(confirm).not.toHaveBeenCalled()
    expect(fetch).toHaveBeenCalledTimes(1)
    const offline = () => Promise.reject(new ApiError({ kind: 'network', status: 0, message: 'No Server Response' }))
    await expect(withDeviceCopy('ravi', ['my-jobs'], offline)).rejects.toThrow(ApiError)
    expect(await withDeviceCopy('sita', ['my-requests'], offline)).toBe('sita’s requests')
  })

  it('names what is still waiting to be sent, and staying keeps them signed in', async () => {
    await oneWaiting()
    const fetch = vi.fn(loggedOut)
    vi.stubGlobal('fetch', fetch)
    const confirm = vi.spyOn(window, 'confirm').mockReturnValue(false)
    expect(await logOut('ravi', i18n)).toBe(false)
    expect(confirm).toHaveBeenCalledWith(
      '1 thing you did is still waiting to be sent. If you log out now, it is lost. Log out anyway?',
    )
    expect(fetch).not.toHaveBeenCalled()
    // Another person's waiting actions are not this person's to lose.
    confirm.mockClear()
    expect(await logOut('sita', i18n)).toBe(true)
    expect(confirm).not.toHaveBeenCalled()
  })

  it('with no network, nobody is logged out (the server would keep the session), and the person is told', async () => {
    vi.stubGlobal('fetch', vi.fn(noNetwork))
    const alert = vi.spyOn(window, 'alert').mockImplementation(() => undefined)
    expect(await logOut('ravi', i18n)).toBe(false)
    expect(alert).toHaveBeenCalledWith('You are offline. Logging out needs signal: try again when you are back online.')
  })
})
