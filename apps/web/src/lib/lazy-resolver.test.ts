import type { Resolver, ResolverResult } from 'react-hook-form'
import { describe, expect, it, vi } from 'vitest'
import { lazyResolver } from './lazy-resolver'

type Values = { name: string }
const options = { fields: {}, shouldUseNativeValidation: false } as Parameters<Resolver<Values>>[2]

const refusing: Resolver<Values, unknown, Values> = async (values) => {
  const result: ResolverResult<Values, Values> = values.name
    ? { values, errors: {} }
    : { values: {}, errors: { name: { type: 'too_small', message: 'Name needed' } } }
  return result
}

describe('lazyResolver', () => {
  it('imports the schema once, on the first check or on preload, and checks with it', async () => {
    const load = vi.fn(async () => refusing)
    const resolver = lazyResolver<Values, Values>(load)
    expect(load).not.toHaveBeenCalled()
    resolver.preload()
    expect(load).toHaveBeenCalledTimes(1)
    expect(await resolver({ name: '' }, undefined, options)).toEqual({
      values: {},
      errors: { name: { type: 'too_small', message: 'Name needed' } },
    })
    expect(await resolver({ name: 'Ravi' }, undefined, options)).toEqual({ values: { name: 'Ravi' }, errors: {} })
    expect(load).toHaveBeenCalledTimes(1)
  })

  it('lets what was typed through when the schema cannot be had, and tries again at the next check', async () => {
    const load = vi.fn<() => Promise<Resolver<Values, unknown, Values>>>()
    load.mockRejectedValueOnce(new Error('offline')).mockResolvedValueOnce(refusing)
    const resolver = lazyResolver<Values, Values>(load)
    // The server checks the same schema and names the fields.
    expect(await resolver({ name: '' }, undefined, options)).toEqual({ values: { name: '' }, errors: {} })
    expect(await resolver({ name: '' }, undefined, options)).toMatchObject({
      errors: { name: { message: 'Name needed' } },
    })
    expect(load).toHaveBeenCalledTimes(2)
  })
})
