import type {
  AdminUserResponse,
  AdminUsersQuery,
  AdminUsersResponse,
  LinkWorkerBody,
  NotificationPreferences,
  PasswordResetResponse,
  UpdateUserBody,
} from '@townworks/contract'
import type { DbOrTx } from '../../db/client'
import { AppError, notFound } from '../../shared/app-error'
import type { Ctx } from '../../shared/context'
import { generatePassword, hashPassword } from '../../shared/password'
import * as authService from '../auth/auth.service'
import * as workersService from '../workers/workers.service'
import * as usersRepository from './users.repository'

/** The admin's Users list. */
export async function listUsers(ctx: Ctx, query: AdminUsersQuery): Promise<AdminUsersResponse> {
  const { users, total } = await usersRepository.searchUsers(ctx.database.db, query)
  return { users, total, page: query.page, pageSize: query.pageSize }
}

/** Change a role or disable/enable an account; the last active admin cannot be demoted or disabled. */
export async function updateUser(ctx: Ctx, id: number, body: UpdateUserBody): Promise<AdminUserResponse> {
  await ctx.database.db.transaction(async (tx) => {
    const user = await usersRepository.lockUser(tx, id)
    if (!user) throw notFound('User')
    const losesAdmin = user.role === 'admin' && ((body.role && body.role !== 'admin') || body.disabled === true)
    if (losesAdmin && (await usersRepository.countOtherActiveAdmins(tx, id)) === 0) {
      throw new AppError('CONFLICT', 'This is the last active admin: make another admin first')
    }
    await usersRepository.updateUser(tx, id, {
      ...(body.role !== undefined ? { role: body.role } : {}),
      ...(body.disabled !== undefined ? { disabled: body.disabled } : {}),
    })
    // A disabled account's sessions end for good: enabling it again does not bring them back.
    if (body.disabled === true) await authService.endAllSessions(tx, id)
  })
  return { message: 'User updated', user: (await usersRepository.getUser(ctx.database.db, id))! }
}

/** Link a worker profile to a worker's login, so they see their jobs. */
export async function linkWorker(ctx: Ctx, id: number, body: LinkWorkerBody): Promise<AdminUserResponse> {
  await ctx.database.db.transaction(async (tx) => {
    const user = await usersRepository.lockUser(tx, id)
    if (!user) throw notFound('User')
    if (body.worker_id !== null) {
      if (user.role !== 'worker')
        throw new AppError('CONFLICT', 'Only a login with the worker role can be linked to a worker')
      const worker = await usersRepository.workerExists(tx, body.worker_id)
      if (!worker) throw notFound('Worker')
      if (worker.userId !== null && worker.userId !== id) {
        throw new AppError('CONFLICT', 'This worker is already linked to another login')
      }
    }
    await workersService.linkLogin(tx, id, body.worker_id)
  })
  return {
    message: body.worker_id === null ? 'Worker unlinked' : 'Worker linked',
    user: (await usersRepository.getUser(ctx.database.db, id))!,
  }
}

/**
 * POST /api/admin/users/{id}/password-reset: a new one-time password, answered once to the admin
 * and stored only hashed; the user must choose their own at the next login, and every session of
 * theirs ends now (a stolen session does not outlive the reset).
 */
export async function resetPassword(ctx: Ctx, id: number): Promise<PasswordResetResponse> {
  const password = generatePassword()
  const passwordHash = await hashPassword(password)
  await ctx.database.db.transaction(async (tx) => {
    const user = await usersRepository.lockUser(tx, id)
    if (!user) throw notFound('User')
    await usersRepository.setOneTimePassword(tx, id, passwordHash)
    await authService.endAllSessions(tx, id)
  })
  return {
    message: 'Password reset: give this one-time password to the person; they choose their own at sign-in',
    user: (await usersRepository.getUser(ctx.database.db, id))!,
    one_time_password: password,
  }
}

/**
 * Which channels a user takes messages on (SMS, WhatsApp); undefined for no such user. Read by
 * notifications for the person's own settings (GET /api/me/notifications).
 */
export function getNotificationChannels(db: DbOrTx, userId: number): Promise<NotificationPreferences | undefined> {
  return usersRepository.getNotificationChannels(db, userId)
}

/**
 * Turn a user's SMS or WhatsApp messages on or off (their opt-outs on the account), in the caller's
 * transaction when it passes one: notifications' PUT /api/me/notifications.
 */
export async function setNotificationChannels(
  db: DbOrTx,
  userId: number,
  channels: NotificationPreferences,
): Promise<void> {
  await usersRepository.setNotificationChannels(db, userId, channels)
}
