import 'fake-indexeddb/auto'
import { describe, expect, it } from 'vitest'
import { act, renderHook } from '@testing-library/react'
import { ApiError } from '../api-client'
import { forgetCopies, useCopySavedAt, VISITOR, withDeviceCopy } from './device-copy'

const noNetwork = () => new ApiError({ kind: 'network', status: 0, message: 'No Server Response' })
const forbidden = () => new ApiError({ kind: 'http', status: 403, code: 'FORBIDDEN', message: 'No' })

describe('a copy on the device', () => {
  it('stands in for an answer when there is no network, and says when it was loaded', async () => {
    const key = ['my-jobs']
    const { result } = renderHook(() => useCopySavedAt('ravi', key))
    expect(await withDeviceCopy('ravi', key, async () => ({ jobs: [1, 2] }))).toEqual({ jobs: [1, 2] })
    expect(result.current).toBeUndefined()
    const before = Date.now()
    let copy: unknown
    await act(async () => {
      copy = await withDeviceCopy('ravi', key, () => Promise.reject(noNetwork()))
    })
    expect(copy).toEqual({ jobs: [1, 2] })
    expect(result.current).toBeGreaterThan(before - 60_000)
    // A fresh answer: the screen no longer shows the copy.
    await act(async () => {
      await withDeviceCopy('ravi', key, async () => ({ jobs: [3] }))
    })
    expect(result.current).toBeUndefined()
  })

  it('never gives one person’s copy to another, nor stands in for a refusal', async () => {
    await withDeviceCopy('ravi', ['payouts'], async () => ({ paid: 500 }))
    await expect(withDeviceCopy('sita', ['payouts'], () => Promise.reject(noNetwork()))).rejects.toThrow(ApiError)
    await expect(withDeviceCopy('ravi', ['payouts'], () => Promise.reject(forbidden()))).rejects.toMatchObject({
      status: 403,
    })
  })

  it('goes when its person signs out on this phone; a visitor’s copy stays', async () => {
    await withDeviceCopy('ravi', ['mine'], async () => 'ravi’s')
    await withDeviceCopy(undefined, ['services'], async () => 'everyone’s')
    await forgetCopies('ravi')
    await expect(withDeviceCopy('ravi', ['mine'], () => Promise.reject(noNetwork()))).rejects.toThrow(ApiError)
    expect(await withDeviceCopy(VISITOR, ['services'], () => Promise.reject(noNetwork()))).toBe('everyone’s')
  })
})
