import { z } from 'zod'
import { LanguageSchema, RoleSchema } from './options'
import { USERNAME_PATTERN } from './auth'
import { ChannelSchema, NotificationStateSchema } from './notifications'
import { endpoint } from './endpoint'
import { IdParamSchema, IndianMobileSchema, MAX_ID, text } from './common'

/** One user as the admin's Users screen shows it. */
export const AdminUserSchema = z.object({
  id: z.number().int(),
  user: z.string(),
  email: z.string().nullable(),
  role: RoleSchema,
  phone: z.string().nullable(),
  disabled: z.boolean(),
  created_at: z.string(),
  /** The worker profile linked to this login, if any. */
  worker_id: z.number().int().nullable(),
  worker_name: z.string().nullable(),
})
export type AdminUser = z.infer<typeof AdminUserSchema>

export const AdminUsersQuerySchema = z.object({
  q: text().trim().max(64).optional(),
  role: RoleSchema.optional(),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(25),
})
export type AdminUsersQuery = z.infer<typeof AdminUsersQuerySchema>

export const AdminUsersResponseSchema = z.object({
  users: z.array(AdminUserSchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
})
export type AdminUsersResponse = z.infer<typeof AdminUsersResponseSchema>

/** PATCH /api/admin/users/{id}: change a role, disable or enable. */
export const UpdateUserBodySchema = z
  .strictObject({
    role: RoleSchema.optional(),
    disabled: z.boolean().optional(),
  })
  .refine((b) => b.role !== undefined || b.disabled !== undefined, { error: 'Say what to change: role or disabled' })
export type UpdateUserBody = z.infer<typeof UpdateUserBodySchema>

/** PUT /api/admin/users/{id}/worker: link a worker profile to this login (null unlinks). */
export const LinkWorkerBodySchema = z.strictObject({
  worker_id: z.number().int().positive().max(MAX_ID).nullable(),
})
export type LinkWorkerBody = z.infer<typeof LinkWorkerBodySchema>

export const AdminUserResponseSchema = z.object({ message: z.string(), user: AdminUserSchema })
export type AdminUserResponse = z.infer<typeof AdminUserResponseSchema>

/**
 * POST /api/admin/users/{id}/password-reset: a one-time password, shown to the admin once (never
 * stored in clear, never sent); the user must choose a new one at their next login, and every
 * session of theirs has ended.
 */
export const PasswordResetResponseSchema = AdminUserResponseSchema.extend({ one_time_password: z.string() })
export type PasswordResetResponse = z.infer<typeof PasswordResetResponseSchema>

/** POST /api/admin/invites: an account for a person, by phone, with a role. */
export const InviteBodySchema = z.strictObject({
  user: text().trim().regex(USERNAME_PATTERN, { error: 'Use 3–32 letters, digits, dot, dash or underscore' }),
  phone: IndianMobileSchema,
  role: RoleSchema,
  email: z.email({ error: 'Enter a valid email address' }).max(254).optional(),
  /** The language of the invitation and of their screens. */
  language: LanguageSchema.default('en'),
  /** How the sign-in link is sent; the configured channel unless said. */
  channel: ChannelSchema.optional(),
})
export type InviteBody = z.infer<typeof InviteBodySchema>
export type InviteInput = z.input<typeof InviteBodySchema>

/** The invited account, its one-time password (shown once, to the admin only) and the queued sign-in message. */
export const InviteResponseSchema = PasswordResetResponseSchema.extend({
  notification: z.object({ id: z.number().int(), state: NotificationStateSchema }),
})
export type InviteResponse = z.infer<typeof InviteResponseSchema>

/** The users endpoints. */
export const usersEndpoints = {
  adminUsers: endpoint({
    method: 'GET',
    path: '/api/admin/users',
    access: ['admin'],
    tag: 'users',
    summary: 'Users, searched and paged',
    query: AdminUsersQuerySchema,
    response: AdminUsersResponseSchema,
  }),
  updateUser: endpoint({
    method: 'PATCH',
    path: '/api/admin/users/:id',
    access: ['admin'],
    tag: 'users',
    summary: "Change a user's role, or disable or enable the account",
    params: z.object({ id: IdParamSchema }),
    body: UpdateUserBodySchema,
    response: AdminUserResponseSchema,
  }),
  resetPassword: endpoint({
    method: 'POST',
    path: '/api/admin/users/:id/password-reset',
    access: ['admin'],
    tag: 'users',
    summary: "Reset a user's password: a one-time password shown once; their sessions end",
    params: z.object({ id: IdParamSchema }),
    response: PasswordResetResponseSchema,
  }),
  invite: endpoint({
    method: 'POST',
    path: '/api/admin/invites',
    access: ['admin'],
    tag: 'users',
    status: 201,
    summary: 'Invite a person by phone: an account with a role and a one-time password, and a sign-in link by message',
    body: InviteBodySchema,
    response: InviteResponseSchema,
  }),
  linkWorker: endpoint({
    method: 'PUT',
    path: '/api/admin/users/:id/worker',
    access: ['admin'],
    tag: 'users',
    summary: "Link a worker profile to a worker's login",
    params: z.object({ id: IdParamSchema }),
    body: LinkWorkerBodySchema,
    response: AdminUserResponseSchema,
  }),
} as const
