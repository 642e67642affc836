import type { Role } from '@townworks/contract'
import type { TestApp } from './test-app'
import { randomUUID } from 'node:crypto'
import { sessions, users } from '../src/db/schema'
import { createTokenService } from '../src/modules/auth/tokens'
import { hashPassword } from '../src/shared/password'

export interface TestUser {
  id: number
  username: string
  password: string
  role: Role
}

let counter = 0
let cachedHash: Promise<string> | undefined
const PASSWORD = 'correct-horse-battery'

/** Insert a user of a role straight into the database (one shared hash keeps tests fast). */
export async function createUser(t: TestApp, role: Role, username = `${role}${++counter}`): Promise<TestUser> {
  cachedHash ??= hashPassword(PASSWORD)
  const [row] = await t.database.db
    .insert(users)
    .values({ username, email: `${username}@example.com`, passwordHash: await cachedHash, role })
    .returning({ id: users.id })
  return { id: row!.id, username, password: PASSWORD, role }
}

export interface Session {
  user: TestUser
  token: string
  /** The Cookie header a browser would send after this login. */
  cookie: string
  cookies: Record<string, string>
}

/** Log a user in through the API, as a browser or a client would. */
export async function login(t: TestApp, user: TestUser): Promise<Session> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/login',
    payload: { user: user.username, pwd: user.password },
  })
  if (res.statusCode !== 200) throw new Error(`login failed: ${res.statusCode} ${res.body}`)
  const cookies = Object.fromEntries(res.cookies.map((c) => [c.name, c.value]))
  return {
    user,
    token: (res.json() as { accesstoken: string }).accesstoken,
    cookies,
    cookie: Object.entries(cookies)
      .map(([k, v]) => `${k}=${v}`)
      .join('; '),
  }
}

/** A new user of the role, logged in. */
export async function loginAs(t: TestApp, role: Role): Promise<Session> {
  return login(t, await createUser(t, role))
}

export const bearer = (s: Session) => ({ authorization: `Bearer ${s.token}` })

/**
 * An access token for a user without a password login (fast, for tests that need many callers):
 * a session row is opened for it, as login opens one, so the token is as valid as a login's.
 */
export async function signedToken(t: TestApp, user: TestUser): Promise<string> {
  const sessionId = randomUUID()
  await t.database.db.insert(sessions).values({ id: sessionId, userId: user.id })
  return createTokenService(t.config.SESSION_SECRET!).signAccess({
    userId: user.id,
    username: user.username,
    role: user.role,
    sessionId,
  })
}
