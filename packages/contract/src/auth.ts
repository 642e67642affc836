import { z } from 'zod'
import { MessageResponseSchema, text } from './common'
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
})
export type LoginResponse = z.infer<typeof LoginResponseSchema>

export const USERNAME_PATTERN = /^[A-Za-z0-9._-]{3,32}$/

/** POST /api/register */
export const RegisterBodySchema = z
  .object({
    user: text().trim().regex(USERNAME_PATTERN, {
      error: 'Use 3–32 letters, digits, dot, dash or underscore',
    }),
    email: z.email({ error: 'Enter a valid email address' }).max(254),
    pwd: text().min(8, { error: 'Use at least 8 characters' }).max(256),
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
})
export type Me = z.infer<typeof MeSchema>

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
    response: MeSchema,
  }),
  updateMyLanguage: endpoint({
    method: 'PUT',
    path: '/api/me/language',
    access: 'authenticated',
    tag: 'auth',
    summary: "Save the logged-in user's language (en, te or hi)",
    body: UpdateLanguageBodySchema,
    response: MeSchema,
  }),
} as const
