import { describe, expect, it } from 'vitest'
import { IdParamSchema, isCleanText, text } from './common'
import { WorkerIdSchema } from './assignments'
import { ServiceRequestBodySchema } from './requests'
import { SendMessageBodySchema } from './notifications'

describe('the one text rule', () => {
  it.each([
    ['NUL', 'Lak\u0000shmi'],
    ['bell', 'a\u0007b'],
    ['escape', '\u001b[31mred'],
    ['unit separator', 'x\u001f'],
    ['DEL', 'x\u007f'],
    ['a lone high surrogate', 'a\ud800b'],
    ['a lone low surrogate', 'a\udc00b'],
    ['a high surrogate at the end', 'ab\ud83d'],
  ])('refuses %s', (_label, value) => {
    expect(isCleanText(value)).toBe(false)
    expect(isCleanText(value, { multiline: true })).toBe(false)
    expect(text().safeParse(value).success).toBe(false)
  })

  it('keeps every script, emoji (a whole surrogate pair) and, only in multi-line text, tab and line breaks', () => {
    for (const value of ['Lakshmi Devi', 'లక్ష్మి', 'लक्ष्मी', 'ok 👍', '₹450']) expect(text().parse(value)).toBe(value)
    expect(text().safeParse('line 1\nline 2').success).toBe(false)
    expect(text({ multiline: true }).parse('line 1\r\nline 2\tend')).toBe('line 1\r\nline 2\tend')
  })

  it('is the rule of the service request (name, phone) and of the typed message', () => {
    const good = {
      name: 'Lakshmi',
      phone: '9848012345',
      service: 'Painter',
      service_date: '2031-12-01',
      town: 'Armoor',
    }
    expect(ServiceRequestBodySchema.safeParse(good).success).toBe(true)
    expect(ServiceRequestBodySchema.safeParse({ ...good, name: 'Lak\u0000shmi' }).success).toBe(false)
    expect(ServiceRequestBodySchema.safeParse({ ...good, phone: '98480\u000012345' }).success).toBe(false)
    expect(SendMessageBodySchema.safeParse({ to: '9848012345', message: 'Hello\nthere' }).success).toBe(true)
    expect(SendMessageBodySchema.safeParse({ to: '9848012345', message: 'Hello\u0000' }).success).toBe(false)
  })
})

describe('ids are plain decimal digits', () => {
  it.each(['31', '1', '2147483647'])('accepts %s', (value) => {
    expect(IdParamSchema.parse(value)).toBe(Number(value))
  })
  it.each([
    '0x1F',
    '0x10',
    '3.1e1',
    ' 31',
    '%2031',
    '31.0',
    '031',
    '0',
    '-1',
    '+31',
    '2147483648',
    '99999999999',
    '',
    '1_0',
  ])('refuses %j', (value) => {
    expect(IdParamSchema.safeParse(value).success).toBe(false)
  })
  it('a JSON number is still an id, and a worker id typed as digits too, but not as hex', () => {
    expect(IdParamSchema.parse(31)).toBe(31)
    expect(IdParamSchema.safeParse(31.5).success).toBe(false)
    expect(WorkerIdSchema.parse('16')).toBe(16)
    expect(WorkerIdSchema.parse(16)).toBe(16)
    expect(WorkerIdSchema.safeParse('0x10').success).toBe(false)
    expect(WorkerIdSchema.safeParse('1e1').success).toBe(false)
  })
})
