import { z } from 'zod'
import { MessageResponseSchema, PersonNameSchema, text } from './common'
import { LanguageSchema, RoleSchema } from './options'
import { endpoint } from './endpoint'

/** POST /api/login */
export const LoginBodySchema = z.object({
  user: text().trim().min(1).max(64),
  pwd: text().min(1).max(256),
})
export type LoginBody = z.infer<typeof LoginBodySchema>
export const LoginResponseSchema = MessageResponseSchema.extend({
  user: z.string(),
  accesstoken: z.string(),
  role: RoleSchema,
  /**
   * The account logged in with a one-time password: it must choose a new one (PUT /api/me/password)
   * before anything else; until then other calls answer 403 PASSWORD_CHANGE_REQUIRED.
   */
  mustChangePassword: z.boolean(),
})
export type LoginResponse = z.infer<typeof LoginResponseSchema>

export const USERNAME_PATTERN = /^[A-Za-z0-9._-]{3,32}$/

/** A new password, as sign-up and change-password accept it (the name check is each body's refine). */
export const NewPasswordSchema = text().min(8, { error: 'Use at least 8 characters' }).max(256)

/** POST /api/register */
export const RegisterBodySchema = z
  .object({
    user: text().trim().regex(USERNAME_PATTERN, {
      error: 'Use 3–32 letters, digits, dot, dash or underscore',
    }),
    email: z.email({ error: 'Enter a valid email address' }).max(254),
    pwd: NewPasswordSchema,
  })
  .refine((b) => b.pwd.toLowerCase() !== b.user.toLowerCase(), {
    path: ['pwd'],
    error: 'The password must not be the user name',
  })
export type RegisterBody = z.infer<typeof RegisterBodySchema>
export const RegisterResponseSchema = MessageResponseSchema

/** GET /api/me */
export const MeSchema = z.object({
  id: z.number().int(),
  user: z.string(),
  email: z.string().nullable(),
  role: RoleSchema,
  phone: z.string().nullable(),
  language: LanguageSchema,
  /** Logged in with a one-time password: choose a new one before anything else. */
  mustChangePassword: z.boolean(),
  /** `phone` was proved with a code (sign-in by number, or a change of number). */
  phone_verified: z.boolean(),
  /** Staff: a code is asked after the password, by their own choice or because the admin requires it. */
  second_step: z.boolean(),
  /** Staff: the admin requires a code after the password for every staff sign-in. */
  second_step_required: z.boolean(),
  /** The person's name as they gave it (the header shows it); null: only the login name is known. */
  display_name: z.string().nullable(),
  /**
   * The account has a password the person chose or was given. false: it was made by a verified
   * number and never had one, so PUT /api/me/password sets one without asking for a current one.
   */
  has_password: z.boolean(),
})
export type Me = z.infer<typeof MeSchema>

/**
 * PUT /api/me/password: the current password and a new one, checked as sign-up checks it (and not
 * the user name, which the server checks). Every other session of the account ends. `currentPwd`
 * may be left out only by an account that has no password yet (`has_password: false`, made by a
 * verified number); the server refuses the change without it for every other account.
 */
export const ChangePasswordBodySchema = z
  .strictObject({
    currentPwd: text().min(1, { error: 'Enter your current password' }).max(256).optional(),
    newPwd: NewPasswordSchema,
  })
  .refine((b) => b.newPwd !== b.currentPwd, {
    path: ['newPwd'],
    error: 'Choose a password different from the current one',
  })
export type ChangePasswordBody = z.infer<typeof ChangePasswordBodySchema>

/** PUT /api/me/name: the name the person goes by (the header and the office's screens show it). */
export const UpdateMyNameBodySchema = z.strictObject({ display_name: PersonNameSchema })
export type UpdateMyNameBody = z.infer<typeof UpdateMyNameBodySchema>

/** PUT /api/me/language: the user's language for the screens and for their notifications. */
export const UpdateLanguageBodySchema = z.strictObject({ language: LanguageSchema })
export type UpdateLanguageBody = z.infer<typeof UpdateLanguageBodySchema>

/** The auth endpoints. */
export const authEndpoints = {
  // Seed call 17
  login: endpoint({
    method: 'POST',
    path: '/api/login',
    access: 'public',
    tag: 'auth',
    summary: 'Log in (seed call 17)',
    body: LoginBodySchema,
    response: LoginResponseSchema,
  }),
  // Seed call 18
  register: endpoint({
    method: 'POST',
    path: '/api/register',
    access: 'public',
    tag: 'auth',
    status: 201,
    summary: 'Sign up as a customer (seed call 18)',
    body: RegisterBodySchema,
    response: RegisterResponseSchema,
  }),
  // Seed call 19
  logout: endpoint({
    method: 'POST',
    path: '/api/logout',
    access: 'public',
    tag: 'auth',
    summary: 'Log out (seed call 19)',
    response: MessageResponseSchema,
  }),
  refresh: endpoint({
    method: 'POST',
    path: '/api/refresh',
    access: 'public',
    ownCredential: 'refresh-cookie',
    tag: 'auth',
    summary: 'Rotate the refresh token and issue a new access token',
    response: LoginResponseSchema,
  }),
  me: endpoint({
    method: 'GET',
    path: '/api/me',
    access: 'authenticated',
    tag: 'auth',
    summary: 'The logged-in user',
    beforePasswordChange: true,
    response: MeSchema,
  }),
  changeMyPassword: endpoint({
    method: 'PUT',
    path: '/api/me/password',
    access: 'authenticated',
    tag: 'auth',
    summary:
      "Change the logged-in user's password (current + new; an account made by a number sets its first without a current one); ends every other session",
    beforePasswordChange: true,
    body: ChangePasswordBodySchema,
    response: MessageResponseSchema,
  }),
  updateMyName: endpoint({
    method: 'PUT',
    path: '/api/me/name',
    access: 'authenticated',
    tag: 'auth',
    summary: 'Save the name the logged-in user goes by',
    body: UpdateMyNameBodySchema,
    response: MeSchema,
  }),
  updateMyLanguage: endpoint({
    method: 'PUT',
    path: '/api/me/language',
    access: 'authenticated',
    tag: 'auth',
    summary: "Save the logged-in user's language (en, te or hi)",
    beforePasswordChange: true,
    body: UpdateLanguageBodySchema,
    response: MeSchema,
  }),
} as const
