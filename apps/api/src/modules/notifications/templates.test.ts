import { LANGUAGES, NOTIFICATION_EVENTS, TASK_STATUSES } from '@townworks/contract'
import { describe, expect, it } from 'vitest'
import { fitsOneSegment, renderMessage } from './templates'

const usual = {
  ref: 'TW-000123',
  job: 123,
  task: 'Plumber for Lakshmi',
  date: '2031-01-05',
  time: '10:00',
  town: 'Nizamabad',
  service: 'Plumber',
  worker: 'Ravi Kumar',
  status: 'work_pending' as const,
  user: 'ravi.kumar',
  link: 'https://townworks.in/login',
  code: '482913',
  startCode: '4821',
  amountPaise: 2_472_252,
}

/**
 * Messages that may take two segments in Telugu and Hindi (UCS-2, 67 characters each when split):
 * the booking with its start code and the payment's thanks with its rating link (issue 21), a quote
 * with its link to My requests (issue 22). Each is sent once a job (a quote once a version); English
 * still fits one.
 */
const TWO_SEGMENTS = new Set([
  'task_assigned.te',
  'task_assigned.hi',
  'payment_received.te',
  'payment_received.hi',
  'quote_sent.te',
  'quote_sent.hi',
])
const fitsTwoSegments = (text: string) => [...text].length <= 134

describe('message templates', () => {
  it('every event has a text in English, Telugu and Hindi, with its values filled in', () => {
    for (const event of NOTIFICATION_EVENTS.filter((e) => e !== 'operator_message' && e !== 'login_code')) {
      const texts = LANGUAGES.map((lng) => renderMessage(event, lng, usual))
      for (const text of texts) {
        expect(text, event).toMatch(/^TownWorks: /)
        expect(text, event).not.toMatch(/undefined|\$\{/)
        // An invitation names the account and where to sign in; every other message its task or request.
        if (event === 'account_invite') expect(text).toContain('ravi.kumar')
        else expect(text.includes('TW-000123') || text.includes('#123'), `${event}: ${text}`).toBe(true)
      }
      expect(new Set(texts).size, event).toBe(3)
    }
  })

  it('dates and statuses read as each language writes them, never as a wire value', () => {
    const booked = { ...usual, status: 'work_pending' as const }
    expect(renderMessage('status_changed', 'en', booked)).toContain('Work paused')
    for (const lng of LANGUAGES) {
      for (const event of NOTIFICATION_EVENTS.filter((e) => e !== 'operator_message')) {
        const text = renderMessage(event, lng, booked)
        expect(text, `${event}.${lng}`).not.toContain('2031-01-05')
        expect(text, `${event}.${lng}`).not.toMatch(/work_pending|_/)
      }
    }
  })

  it('the Telugu and Hindi texts are in their scripts', () => {
    const inTelugu = { ...usual, service: 'ప్లంబర్', town: 'నిజామాబాద్' }
    expect(renderMessage('request_received', 'te', inTelugu)).toBe(
      'TownWorks: ప్లంబర్ అభ్యర్థన TW-000123 అందింది. త్వరలో ఫోన్ చేస్తాం.',
    )
    expect(renderMessage('request_received', 'hi', { ...usual, service: 'प्लंबर' })).toBe(
      'TownWorks: आपका प्लंबर अनुरोध TW-000123 मिल गया। हम जल्द फ़ोन करेंगे।',
    )
    expect(renderMessage('job_assigned', 'te', inTelugu)).toBe('TownWorks: కొత్త పని #123: ప్లంబర్ 5 జన, 2031 10:00, నిజామాబాద్')
    expect(renderMessage('status_changed', 'te', usual)).toMatch(/[\u0C00-\u0C7F]+$/)
    expect(renderMessage('status_changed', 'hi', usual)).toMatch(/[\u0900-\u097F]+$/)
  })

  it('names the service where a person needs it, and reads well without one (a task may name none)', () => {
    for (const lng of LANGUAGES) {
      for (const event of ['request_received', 'job_assigned', 'job_moved'] as const) {
        if (event !== 'request_received' && lng === 'en') continue // the English job texts carry the task's name
        expect(renderMessage(event, lng, usual), `${event}.${lng}`).toContain('Plumber')
        const without = renderMessage(event, lng, { ...usual, service: '' })
        expect(without, `${event}.${lng}`).not.toMatch(/ {2}|: ,|undefined/)
      }
    }
    expect(renderMessage('request_received', 'en', { ...usual, service: '' })).toBe(
      'TownWorks: we received your request TW-000123. We will call you soon.',
    )
  })

  it('with usual values every templated message fits one SMS segment', () => {
    const long: string[] = []
    for (const event of NOTIFICATION_EVENTS.filter((e) => e !== 'operator_message')) {
      for (const lng of LANGUAGES) {
        for (const status of TASK_STATUSES) {
          const text = renderMessage(event, lng, { ...usual, status })
          const fits = TWO_SEGMENTS.has(`${event}.${lng}`) ? fitsTwoSegments(text) : fitsOneSegment(text)
          if (!fits) long.push(`${event}.${lng}: ${[...text].length} ${text}`)
        }
      }
    }
    expect(long).toEqual([])
  })

  it('the booking tells the customer the start code, and the payment’s thanks links to the rating, in each language', () => {
    for (const lng of LANGUAGES) {
      expect(renderMessage('task_assigned', lng, usual)).toContain('4821')
      expect(renderMessage('task_assigned', lng, { ...usual, startCode: undefined })).not.toMatch(/4821|:\s*$/)
      expect(renderMessage('payment_received', lng, usual)).toContain('https://townworks.in/login')
      expect(renderMessage('payment_received', lng, { ...usual, link: undefined })).not.toContain('http')
      expect(renderMessage('job_assigned', lng, usual)).not.toContain('4821')
    }
  })

  it('a quote names its total as each language writes money, its last day and the link to My requests', () => {
    expect(renderMessage('quote_sent', 'en', usual)).toBe(
      'TownWorks: quote for TW-000123: Rs 24,722.52, valid till 5 Jan 2031. Accept or decline it in My requests: https://townworks.in/login',
    )
    expect(renderMessage('quote_sent', 'en', { ...usual, amountPaise: 1_000_000_000 })).toContain('Rs 1,00,00,000,')
    for (const lng of ['te', 'hi'] as const) {
      const text = renderMessage('quote_sent', lng, usual)
      expect(text).toContain('₹24,722.52')
      expect(text).toContain('https://townworks.in/login')
      expect(text).not.toContain('2031-01-05')
    }
  })

  it('an invitation carries the sign-in link but never a password', () => {
    for (const lng of LANGUAGES) {
      const text = renderMessage('account_invite', lng, usual)
      expect(text).toContain('https://townworks.in/login')
      expect(text).not.toContain('correct-horse')
    }
  })

  it('a sign-in code starts with the code, in each language; masked without one; the WebOTP line with a host', () => {
    const texts = LANGUAGES.map((lng) => renderMessage('login_code', lng, usual))
    for (const text of texts) {
      expect(text).toMatch(/^482913 /)
      expect(text).toContain('TownWorks')
      expect(text).toContain('10')
    }
    expect(new Set(texts).size).toBe(3)
    expect(texts[1]).toMatch(/[\u0C00-\u0C7F]/)
    expect(texts[2]).toMatch(/[\u0900-\u097F]/)
    expect(renderMessage('login_code', 'en', {})).toMatch(/^•••••• /)
    const webOtp = renderMessage('login_code', 'en', { code: '482913', host: 'townworks.example' })
    expect(webOtp.split('\n').at(-1)).toBe('@townworks.example #482913')
  })

  it('an operator message is the typed text, as it is', () => {
    expect(renderMessage('operator_message', 'te', { text: 'Come at 9, please' })).toBe('Come at 9, please')
    expect(fitsOneSegment('a'.repeat(160))).toBe(true)
    expect(fitsOneSegment('a'.repeat(161))).toBe(false)
    expect(fitsOneSegment('ప'.repeat(70))).toBe(true)
    expect(fitsOneSegment('ప'.repeat(71))).toBe(false)
  })
})
