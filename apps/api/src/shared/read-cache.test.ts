import { describe, expect, it } from 'vitest'
import type { ChangeFeed, ChangeListener } from '../db/change-feed'
import { createReadCache } from './read-cache'

/** A feed the test drives: announce tables, go deaf. */
function fakeFeed() {
  const listeners = new Set<ChangeListener>()
  const feed = {
    live: true,
    start: async () => undefined,
    subscribe(listener: ChangeListener) {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
    touchAll: () => feed.announce('*'),
    close: async () => undefined,
    announce(table: string) {
      for (const listener of listeners) listener(table)
    },
  }
  return feed satisfies ChangeFeed
}

/** A loader that counts its calls and answers what `value` holds at the time. */
function counter(start = 1) {
  let value = start
  let calls = 0
  return {
    load: async () => {
      calls += 1
      return value
    },
    set: (v: number) => (value = v),
    get calls() {
      return calls
    },
  }
}

describe('read cache', () => {
  it('keeps a read until a table it depends on changes, and ignores other tables', async () => {
    const feed = fakeFeed()
    const cache = createReadCache<number>(feed, { tables: ['workers'] })
    const source = counter(1)
    expect(await cache.get('k', source.load)).toBe(1)
    source.set(2)
    expect(await cache.get('k', source.load)).toBe(1)
    expect(source.calls).toBe(1)
    feed.announce('payments')
    expect(await cache.get('k', source.load)).toBe(1)
    feed.announce('workers')
    expect(await cache.get('k', source.load)).toBe(2)
    expect(source.calls).toBe(2)
  })

  it("drops everything on '*' (this process wrote, or the feed reconnected)", async () => {
    const feed = fakeFeed()
    const cache = createReadCache<number>(feed, { tables: ['workers'] })
    const source = counter(1)
    await cache.get('k', source.load)
    source.set(5)
    feed.touchAll()
    expect(await cache.get('k', source.load)).toBe(5)
  })

  it('does not keep a read that was in flight when its table changed', async () => {
    const feed = fakeFeed()
    const cache = createReadCache<string>(feed, { tables: ['tasks'] })
    let release!: (v: string) => void
    const slow = cache.get('k', () => new Promise<string>((resolve) => (release = resolve)))
    // The change commits while the read (which saw the old rows) is still on its way.
    feed.announce('tasks')
    release('old rows')
    expect(await slow).toBe('old rows')
    expect(cache.size).toBe(0)
    expect(await cache.get('k', async () => 'new rows')).toBe('new rows')
    expect(cache.size).toBe(1)
  })

  it('shares one database read among concurrent misses of a key, but not across a change', async () => {
    const feed = fakeFeed()
    const cache = createReadCache<number>(feed, { tables: ['tasks'] })
    let calls = 0
    let release!: () => void
    const gate = new Promise<void>((resolve) => (release = resolve))
    const load = async () => {
      const id = ++calls
      await gate
      return id
    }
    const first = [cache.get('k', load), cache.get('k', load), cache.get('k', load)]
    feed.announce('tasks')
    const after = cache.get('k', load)
    release()
    expect(await Promise.all(first)).toEqual([1, 1, 1])
    expect(await after).toBe(2)
    expect(calls).toBe(2)
  })

  it('caches nothing while the feed is not listening', async () => {
    const feed = fakeFeed()
    feed.live = false
    const cache = createReadCache<number>(feed, { tables: ['users'] })
    const source = counter(1)
    await cache.get('k', source.load)
    await cache.get('k', source.load)
    expect(source.calls).toBe(2)
    expect(cache.size).toBe(0)
  })

  it('does not cache a failed read', async () => {
    const feed = fakeFeed()
    const cache = createReadCache<number>(feed, { tables: ['users'] })
    await expect(cache.get('k', async () => Promise.reject(new Error('not found')))).rejects.toThrow('not found')
    expect(await cache.get('k', async () => 7)).toBe(7)
  })

  it('holds at most `max` entries, dropping the least recently used, and none older than maxAgeMs', async () => {
    const feed = fakeFeed()
    let now = 0
    const cache = createReadCache<string>(feed, { tables: ['users'], max: 2, maxAgeMs: 1000, now: () => now })
    await cache.get('a', async () => 'a1')
    await cache.get('b', async () => 'b1')
    await cache.get('a', async () => 'a2') // a is now the most recently used
    await cache.get('c', async () => 'c1') // b goes
    expect(cache.size).toBe(2)
    expect(await cache.get('a', async () => 'a3')).toBe('a1')
    expect(await cache.get('b', async () => 'b2')).toBe('b2')
    now = 1500
    expect(await cache.get('b', async () => 'b3')).toBe('b3')
  })
})
