import type { AdminUser, AdminUsersQuery, Language, NotificationPreferences, Role } from '@townworks/contract'
import { and, count, desc, eq, ilike, or, sql, type SQL } from 'drizzle-orm'
import type { DbOrTx } from '../../db/client'
import { likeContaining } from '../../db/like'
import { users, workers } from '../../db/schema'

const columns = {
  id: users.id,
  user: users.username,
  email: users.email,
  role: users.role,
  phone: users.phone,
  disabled: users.disabled,
  createdAt: users.createdAt,
  worker_id: workers.id,
  worker_name: workers.name,
}

type Row = Omit<AdminUser, 'created_at'> & { createdAt: Date }
const toAdminUser = ({ createdAt, ...r }: Row): AdminUser => ({ ...r, created_at: createdAt.toISOString() })

/** Users matching a search, newest first, one page. */
export async function searchUsers(db: DbOrTx, q: AdminUsersQuery): Promise<{ users: AdminUser[]; total: number }> {
  const filters: SQL[] = []
  if (q.role) filters.push(eq(users.role, q.role))
  if (q.q) {
    const like = likeContaining(q.q)
    filters.push(or(ilike(users.username, like), ilike(users.email, like), ilike(users.phone, like))!)
  }
  const where = filters.length > 0 ? and(...filters) : undefined
  const rows = await db
    .select(columns)
    .from(users)
    .leftJoin(workers, eq(workers.userId, users.id))
    .where(where)
    .orderBy(desc(users.id))
    .limit(q.pageSize)
    .offset((q.page - 1) * q.pageSize)
  const [total] = await db.select({ n: count() }).from(users).where(where)
  return { users: rows.map(toAdminUser), total: total?.n ?? 0 }
}

export async function getUser(db: DbOrTx, id: number): Promise<AdminUser | undefined> {
  const [row] = await db
    .select(columns)
    .from(users)
    .leftJoin(workers, eq(workers.userId, users.id))
    .where(eq(users.id, id))
  return row ? toAdminUser(row) : undefined
}

/** Lock a user row for the rest of the transaction. */
export async function lockUser(
  tx: DbOrTx,
  id: number,
): Promise<{ id: number; role: Role; disabled: boolean } | undefined> {
  const [row] = await tx
    .select({ id: users.id, role: users.role, disabled: users.disabled })
    .from(users)
    .where(eq(users.id, id))
    .for('update')
  return row
}

export async function updateUser(tx: DbOrTx, id: number, values: { role?: Role; disabled?: boolean }): Promise<void> {
  await tx.update(users).set(values).where(eq(users.id, id))
}

/** Active admins other than this user, to keep at least one admin able to log in. */
export async function countOtherActiveAdmins(tx: DbOrTx, id: number): Promise<number> {
  const [row] = await tx
    .select({ n: count() })
    .from(users)
    .where(and(eq(users.role, 'admin'), eq(users.disabled, false), sql`${users.id} <> ${id}`))
  return row?.n ?? 0
}

export async function workerExists(
  tx: DbOrTx,
  workerId: number,
): Promise<{ id: number; userId: number | null } | undefined> {
  const [row] = await tx
    .select({ id: workers.id, userId: workers.userId })
    .from(workers)
    .where(eq(workers.id, workerId))
    .for('update')
  return row
}

/** Give an account a new password hash that must be changed at the next login (an admin's reset or invite). */
export async function setOneTimePassword(tx: DbOrTx, id: number, passwordHash: string): Promise<void> {
  await tx.update(users).set({ passwordHash, mustChangePassword: true }).where(eq(users.id, id))
}

/**
 * Hold invitations to one phone number in line until this transaction ends (so two admins inviting
 * the same number at once cannot both make an account for it).
 */
export async function lockPhone(tx: DbOrTx, phone: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`invite-phone|${phone}`}))`)
}

/** The login name of an account whose phone is this number (any way it was written), if any. */
export async function accountWithPhone(tx: DbOrTx, phone: string): Promise<string | undefined> {
  const last10 = phone.slice(-10)
  const [row] = await tx
    .select({ username: users.username })
    .from(users)
    .where(sql`right(regexp_replace(${users.phone}, '[^0-9]', '', 'g'), 10) = ${last10}`)
    .limit(1)
  return row?.username
}

/** Insert an invited account; undefined when the name is taken (any case). */
export async function insertInvitedUser(
  tx: DbOrTx,
  values: {
    username: string
    email: string | null
    phone: string
    role: Role
    language: Language
    passwordHash: string
  },
): Promise<number | undefined> {
  const [row] = await tx
    .insert(users)
    .values({ ...values, mustChangePassword: true })
    .onConflictDoNothing()
    .returning({ id: users.id })
  return row?.id
}

/** Which channels a user takes messages on: the account stores opt-outs, the wire says what is on. */
export async function getNotificationChannels(
  db: DbOrTx,
  userId: number,
): Promise<NotificationPreferences | undefined> {
  const [row] = await db
    .select({ sms: users.smsOptOut, whatsapp: users.whatsappOptOut })
    .from(users)
    .where(eq(users.id, userId))
  return row ? { sms: !row.sms, whatsapp: !row.whatsapp } : undefined
}

export async function setNotificationChannels(
  db: DbOrTx,
  userId: number,
  channels: NotificationPreferences,
): Promise<void> {
  await db
    .update(users)
    .set({ smsOptOut: !channels.sms, whatsappOptOut: !channels.whatsapp })
    .where(eq(users.id, userId))
}
