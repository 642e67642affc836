import { normalizeIndianMobile, type InviteBody, type InviteResponse } from '@townworks/contract'
import { AppError } from '../../shared/app-error'
import type { Ctx } from '../../shared/context'
import { generatePassword, hashPassword } from '../../shared/password'
import * as notificationsService from '../notifications/notifications.service'
import * as rateLimits from '../rate-limits/rate-limits.service'
import * as usersRepository from './users.repository'

// Invitations live apart from users.service.ts, and the routes call them here: an invitation queues
// its message through notifications.service, which calls users.service (a person's channels), so
// users.service importing notifications would be an import cycle.

const HOUR_MS = 60 * 60 * 1000

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
