import { describe, expect, it } from 'vitest'
import { maskPhoneNumbers, serializeError } from './logging'

describe('log redaction', () => {
  it.each([
    ['9848012345', '********45'],
    ['+919848012345', '+91********45'],
    ['+91 98480 12345', '+91********45'],
    ['09848012345', '********45'],
    ['phone=9848-012345;', 'phone=********45;'],
  ])('masks the mobile number %s', (input, expected) => {
    expect(maskPhoneNumbers(input)).toBe(expected)
  })

  it('leaves timestamps, ids and other numbers alone', () => {
    const line = '{"time":1767225600000,"reqId":"5a1f9848012345ab","pid":12345,"n":1234567890}'
    expect(maskPhoneNumbers(line)).toBe(line)
  })

  it("drops a failed statement's text, parameters and PostgreSQL's DETAIL, keeping the SQLSTATE", () => {
    const cause = Object.assign(new Error('duplicate key value violates unique constraint "users_phone"'), {
      code: '23505',
      constraint: 'users_phone',
      detail: 'Key (phone)=(+919848012345) already exists.',
    })
    const error = Object.assign(new Error('Failed query: insert into users values ($1)\nparams: +919848012345'), {
      query: 'insert into users values ($1)',
      params: ['+919848012345'],
      cause,
    })
    const out = JSON.stringify(serializeError(error))
    expect(out).not.toContain('9848012345')
    expect(out).not.toContain('insert into users')
    expect(out).toContain('23505')
    expect(out).toContain('users_phone')
  })
})
