import {
  normalizeIndianMobile,
  type AdminUserResponse,
  type AdminUsersQuery,
  type AdminUsersResponse,
  type InviteBody,
  type InviteResponse,
  type LinkWorkerBody,
  type PasswordResetResponse,
  type UpdateUserBody,
} from '@townworks/contract'
import { AppError, notFound } from '../../shared/app-error'
import type { Ctx } from '../../shared/context'
import { generatePassword, hashPassword } from '../../shared/password'
import * as authService from '../auth/auth.service'
import * as notificationsService from '../notifications/notifications.service'
import * as rateLimits from '../rate-limits/rate-limits.service'
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

const HOUR_MS = 60 * 60 * 1000

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

/** What inviting needs from the configuration. */
export interface InviteDeps {
  /** Invitations one admin may send in an hour (INVITES_ADMIN_HOURLY). */
  perAdminHourly: number
  /** Where people sign in: PUBLIC_URL, or the address of the admin's request. */
  signInLink: string
}

/**
 * POST /api/admin/invites: create the account (with a role and a one-time password it must change
 * at the first sign-in) and queue the sign-in link to the phone through the outbox, in one
 * transaction. A phone or a name that already has an account is a 409; each admin may invite
 * INVITES_ADMIN_HOURLY people an hour (429 beyond, and nothing is stored).
 */
export async function invite(ctx: Ctx, deps: InviteDeps, body: InviteBody): Promise<InviteResponse> {
  const admin = ctx.user
  if (!admin) throw new AppError('UNAUTHENTICATED', 'Please log in to continue')
  const phone = normalizeIndianMobile(body.phone)!
  const password = generatePassword()
  const passwordHash = await hashPassword(password)
  const { userId, notification } = await ctx.database.db.transaction(async (tx) => {
    await usersRepository.lockPhone(tx, phone)
    const holder = await usersRepository.accountWithPhone(tx, phone)
    if (holder !== undefined) {
      throw new AppError('CONFLICT', `This phone number already has an account (${holder})`, {
        issues: [{ path: 'phone', message: 'Already has an account' }],
      })
    }
    const userId = await usersRepository.insertInvitedUser(tx, {
      username: body.user,
      email: body.email ?? null,
      phone,
      role: body.role,
      language: body.language,
      passwordHash,
    })
    if (userId === undefined) {
      throw new AppError('CONFLICT', 'This user name is taken: choose another', {
        issues: [{ path: 'user', message: 'Taken' }],
      })
    }
    const counted = await rateLimits.consume(tx, {
      key: `invite|u${admin.id}`,
      max: deps.perAdminHourly,
      windowMs: HOUR_MS,
    })
    if (!counted.allowed) {
      throw rateLimits.tooManyAttempts(
        `You may invite ${deps.perAdminHourly} people an hour and have invited them all. Please try again in ${rateLimits.waitText(counted.retryAfterSeconds)}.`,
        counted.retryAfterSeconds,
      )
    }
    const notification = await notificationsService.notifyAccountInvite(tx, ctx.messaging, {
      userId,
      phone,
      username: body.user,
      link: deps.signInLink,
      language: body.language,
      ...(body.channel ? { channel: body.channel } : {}),
    })
    return { userId, notification }
  })
  return {
    message: 'Invitation sent: give the one-time password to the person yourself; the message carries only the link',
    user: (await usersRepository.getUser(ctx.database.db, userId))!,
    one_time_password: password,
    notification,
  }
}
