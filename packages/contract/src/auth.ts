import { z } from 'zod'
import { MessageResponseSchema } from './common'
import { LanguageSchema, RoleSchema } from './options'

/** POST /api/login */
export const LoginBodySchema = z.object({
  user: z.string().trim().min(1).max(64),
  pwd: z.string().min(1).max(256),
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
    user: z.string().trim().regex(USERNAME_PATTERN, {
      error: 'Use 3–32 letters, digits, dot, dash or underscore',
    }),
    email: z.email({ error: 'Enter a valid email address' }).max(254),
    pwd: z.string().min(8, { error: 'Use at least 8 characters' }).max(256),
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
