import { describe, expect, it } from 'vitest'
import { buildPath, isAllowed } from './endpoint'
import { normalizeIndianMobile, TimeSchema } from './common'
import { requestReference, ServiceRequestBodySchema } from './requests'

describe('shared rules', () => {
  it.each([
    ['9848012345', '+919848012345'],
    ['+91 98480 12345', '+919848012345'],
    ['09848012345', '+919848012345'],
    ['919848012345', '+919848012345'],
  ])('normalises the mobile number %s', (input, expected) => {
    expect(normalizeIndianMobile(input)).toBe(expected)
  })

  it.each(['12345', '5848012345', '+1 415 555 0100', '98480123456', 'abcdefghij'])(
    'refuses %s as a mobile',
    (input) => {
      expect(normalizeIndianMobile(input)).toBeUndefined()
    },
  )

  it('times accept HH:MM and go out as HH:MM:SS', () => {
    expect(TimeSchema.parse('09:30')).toBe('09:30:00')
    expect(TimeSchema.parse('17:05:10')).toBe('17:05:10')
    expect(TimeSchema.safeParse('24:00').success).toBe(false)
  })

  it('a service request refuses unknown fields and bad values', () => {
    const good = {
      name: 'Lakshmi',
      phone: '9848012345',
      service: 'Painter',
      service_date: '2026-12-01',
      town: 'Armoor',
    }
    expect(ServiceRequestBodySchema.safeParse(good).success).toBe(true)
    expect(ServiceRequestBodySchema.safeParse({ ...good, extra: 1 }).success).toBe(false)
    // Towns are rows (decision 048): the schema takes any short name and the server checks it is an active row.
    expect(ServiceRequestBodySchema.safeParse({ ...good, town: 'Hyderabad' }).success).toBe(true)
    expect(ServiceRequestBodySchema.safeParse({ ...good, town: 'H'.repeat(61) }).success).toBe(false)
    expect(ServiceRequestBodySchema.safeParse({ ...good, town: 'Arm\u0000oor' }).success).toBe(false)
    expect(ServiceRequestBodySchema.safeParse({ ...good, town: '' }).success).toBe(false)
    expect(ServiceRequestBodySchema.safeParse({ ...good, email: 'nope' }).success).toBe(false)
  })

  it('references and paths', () => {
    expect(requestReference(123)).toBe('TW-000123')
    expect(buildPath('/api/workflow/:taskId', { taskId: 7 })).toBe('/api/workflow/7')
    expect(() => buildPath('/api/workflow/:taskId')).toThrow(/taskId/)
  })

  it('access rules', () => {
    expect(isAllowed('public', undefined)).toBe(true)
    expect(isAllowed('authenticated', undefined)).toBe(false)
    expect(isAllowed(['operator', 'admin'], 'customer')).toBe(false)
    expect(isAllowed(['operator', 'admin'], 'admin')).toBe(true)
  })
})
