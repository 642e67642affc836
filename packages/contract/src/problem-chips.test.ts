import { describe, expect, it } from 'vitest'
import { INITIAL_SERVICES } from './constants'
import { PROBLEM_CHIP_KEYS, PROBLEM_CHIPS } from './problem-chips'

describe('the request form’s problem chips', () => {
  it('every service has chips, and the list of keys is exactly the chips of every service', () => {
    for (const service of INITIAL_SERVICES) expect(PROBLEM_CHIPS[service].length).toBeGreaterThan(0)
    const used = new Set(Object.values(PROBLEM_CHIPS).flat())
    expect(new Set(PROBLEM_CHIP_KEYS)).toEqual(used)
    expect(PROBLEM_CHIP_KEYS.length).toBe(used.size)
  })
})
