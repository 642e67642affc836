import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { LAZY_LOAD_TIMEOUT_MS, LazyLoadError, isLazyLoadError, loadWithTimeout } from './lazy-with-timeout'

describe('loadWithTimeout', () => {
  beforeEach(() => {
    vi.useFakeTimers()
  })
  afterEach(() => {
    vi.useRealTimers()
  })

  it('uses the seed’s 120 s limit', () => {
    expect(LAZY_LOAD_TIMEOUT_MS).toBe(120_000)
  })

  it('rejects with a timeout LazyLoadError when the load has not settled after 120 s', async () => {
    const result = loadWithTimeout(() => new Promise<never>(() => {}))
    const settled = vi.fn()
    result.catch(settled)

    await vi.advanceTimersByTimeAsync(LAZY_LOAD_TIMEOUT_MS - 1)
    expect(settled).not.toHaveBeenCalled()

    await vi.advanceTimersByTimeAsync(1)
    await expect(result).rejects.toBeInstanceOf(LazyLoadError)
    await expect(result).rejects.toMatchObject({ reason: 'timeout' })
  })

  it('resolves with the module when it arrives in time, and leaves no timer behind', async () => {
    const module = { Component: () => null }
    const result = loadWithTimeout(
      () => new Promise<typeof module>((resolve) => setTimeout(() => resolve(module), 5_000)),
    )
    await vi.advanceTimersByTimeAsync(5_000)
    await expect(result).resolves.toBe(module)
    expect(vi.getTimerCount()).toBe(0)
  })

  it('turns a failed import into a LazyLoadError that keeps the cause', async () => {
    const cause = new TypeError('Failed to fetch dynamically imported module')
    const error = await loadWithTimeout(() => Promise.reject(cause)).catch((e: unknown) => e)
    expect(isLazyLoadError(error)).toBe(true)
    expect(error).toMatchObject({ reason: 'failed', cause })
    expect(vi.getTimerCount()).toBe(0)
  })

  it('turns a loader that throws synchronously into a LazyLoadError', async () => {
    const error = await loadWithTimeout(() => {
      throw new Error('boom')
    }).catch((e: unknown) => e)
    expect(error).toMatchObject({ name: 'LazyLoadError', reason: 'failed' })
  })

  it('honours a custom time-out', async () => {
    const result = loadWithTimeout(() => new Promise<never>(() => {}), 50)
    const assertion = expect(result).rejects.toMatchObject({ reason: 'timeout' })
    await vi.advanceTimersByTimeAsync(50)
    await assertion
  })
})
