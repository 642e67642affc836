import { existsSync, readFileSync } from 'node:fs'
import { expect } from '@playwright/test'
import { SMS_FILE } from './paths'

interface SentMessage {
  id: number
  event: string
  to: string
  body: string
}

/**
 * The journeys' phone: the newest sign-in code the test server sent to `phone` (10 digits), read
 * from the file its log provider appends every message to (NOTIFICATION_LOG_FILE). Waits for a code
 * newer than `after` (the number of codes this number had before asking).
 */
export async function codeSentTo(phone: string, after = 0): Promise<string> {
  const to = `+91${phone.replace(/\D/g, '').slice(-10)}`
  let code = ''
  await expect
    .poll(
      () => {
        const codes = codesTo(to)
        code = codes.length > after ? codes.at(-1)! : ''
        return code
      },
      { message: `a code sent to ${to}`, timeout: 20_000 },
    )
    .not.toBe('')
  return code
}

/** How many codes went to this number so far. */
export function codeCount(phone: string): number {
  return codesTo(`+91${phone.replace(/\D/g, '').slice(-10)}`).length
}

function codesTo(to: string): string[] {
  if (!existsSync(SMS_FILE)) return []
  return readFileSync(SMS_FILE, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as SentMessage)
    .filter((m) => m.event === 'login_code' && m.to === to)
    .map((m) => /^(\d{6}) /.exec(m.body)?.[1] ?? '')
    .filter(Boolean)
}
