import 'fake-indexeddb/auto'
import type { MyPayoutsResponse } from '@townworks/contract'
import { screen, waitFor } from '@testing-library/react'
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { i18n } from '../../../lib/i18n'
import { forgetCopies } from '../../../lib/offline/device-copy'
import { mockApi } from '../../../testing/api-mock'
import { renderWithRouter } from '../../../testing/render'
import { MyPayouts } from './my-payouts'

beforeAll(() => i18n.loadNamespaces('payments'))
afterEach(async () => {
  await forgetCopies('test-worker')
  vi.unstubAllGlobals()
})

const PAYOUTS: MyPayoutsResponse = { owed_paise: 40_500, payouts: [] }

describe('My payouts with no signal (issue 23)', () => {
  it('shows what was last loaded on this phone, saying it is offline and when it was loaded', async () => {
    const first = mockApi({ myPayouts: () => PAYOUTS })
    const { unmount } = renderWithRouter(<MyPayouts />, { role: 'worker' })
    expect(await screen.findByText('Still to be paid to you: ₹405')).toBeVisible()
    expect(screen.queryByText(/You are offline/)).toBeNull()
    await waitFor(() => expect(first.calls.filter((c) => c.name === 'myPayouts')).toHaveLength(1))
    // The copy is written as the answer comes.
    await new Promise((resolve) => setTimeout(resolve, 50))
    unmount()

    mockApi({
      myPayouts: () => {
        throw new TypeError('Failed to fetch')
      },
    })
    renderWithRouter(<MyPayouts />, { role: 'worker' })
    expect(await screen.findByText('Still to be paid to you: ₹405')).toBeVisible()
    expect(await screen.findByText(/^You are offline\. Last updated at \d\d:\d\d\.$/)).toBeVisible()
  })
})
