import { DASHBOARD_COUNTS } from '@townworks/contract'
import { describe, expect, it } from 'vitest'
import { addDays, COUNTS_SHOWN, countLink } from './count-links'

describe("the dashboard's counts", () => {
  it('shows every count of the contract, in its order', () => {
    expect([...COUNTS_SHOWN]).toEqual([...DASHBOARD_COUNTS])
  })

  it('links every count to a list screen with its filter', () => {
    for (const count of COUNTS_SHOWN) expect(countLink(count, '2031-03-04')).toMatch(/^\/(requests|ad|outbox)\?/)
  })

  it('adds calendar days across a month and a year', () => {
    expect(addDays('2031-02-27', 2)).toBe('2031-03-01')
    expect(addDays('2031-01-01', -1)).toBe('2030-12-31')
  })
})
