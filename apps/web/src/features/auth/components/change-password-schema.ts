import { ChangePasswordBodySchema } from '@townworks/contract'
import { z } from 'zod'

// The change-password form's rules, in a module of its own so that the form loads them (and zod) only
// when a field is first focused (change-password-form.tsx, decision 046).

export interface ChangePasswordValues {
  currentPwd: string
  newPwd: string
  confirmPwd: string
}

/** The contract's rules for the change (PUT /api/me/password), plus the two checks the server makes with what it knows. */
export function changePasswordSchema(username: string | undefined, hasPassword: boolean) {
  return z.object({ currentPwd: z.string(), newPwd: z.string(), confirmPwd: z.string() }).superRefine((values, ctx) => {
    const parsed = ChangePasswordBodySchema.safeParse({
      ...(hasPassword && { currentPwd: values.currentPwd }),
      newPwd: values.newPwd,
    })
    if (!parsed.success) {
      for (const issue of parsed.error.issues)
        ctx.addIssue({ code: 'custom', path: issue.path, message: issue.message })
    }
    if (username && values.newPwd.toLowerCase() === username.toLowerCase()) {
      ctx.addIssue({ code: 'custom', path: ['newPwd'], message: 'The password must not be the user name' })
    }
    if (values.confirmPwd !== values.newPwd) {
      ctx.addIssue({ code: 'custom', path: ['confirmPwd'], message: 'The two new passwords are not the same' })
    }
  })
}
