import { z } from 'zod'
import { IndianMobileSchema, MessageResponseSchema, PersonNameSchema, text } from './common'
import { endpoint, STAFF } from './endpoint'
import { NewPasswordSchema } from './auth'
import { ChannelSchema } from './notifications'
import { LanguageSchema, RoleSchema } from './options'

/**
 * Signing in with a mobile number and a one-time code (issue 19), changing the account's number,
 * resetting a forgotten password by a code to the account's verified number, and the staff's code
 * after the password. Codes: 6 digits, 10 minutes, 5 tries, one use; a new code replaces the old.
 */

/** The number of digits of a code. */
export const OTP_CODE_LENGTH = 6
/** How long a code works. */
export const OTP_VALID_SECONDS = 10 * 60
/** Wrong codes allowed for one code; then a new code is needed. */
export const OTP_MAX_TRIES = 5
/** Seconds between two codes of one challenge (the resend button counts them down). */
export const OTP_RESEND_AFTER_SECONDS = 30

/** A challenge id: a random UUID the server gave. */
export const ChallengeIdSchema = text()
  .trim()
  .regex(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i, { error: 'Not a code request' })
  .transform((v) => v.toLowerCase())

/** A code as typed: 6 digits (spaces between them are dropped). */
export const OtpCodeSchema = text()
  .max(20)
  .transform((v) => v.replace(/\s/g, ''))
  .pipe(z.string().regex(/^\d{6}$/, { error: 'Type the 6 digits of the code' }))

/** POST /api/auth/otp/start, /api/auth/password-reset/start, /api/me/phone/start. */
export const OtpStartBodySchema = z.strictObject({
  phone: IndianMobileSchema,
  channel: ChannelSchema.default('sms'),
  /** The language of the code's message (the screen's); a new number's account gets it too. */
  language: LanguageSchema.optional(),
})
export type OtpStartBody = z.infer<typeof OtpStartBodySchema>
export type OtpStartInput = z.input<typeof OtpStartBodySchema>

/**
 * A code is on its way (or, for a number that cannot get one, the same answer: nobody learns from
 * it whether a number has an account). `phone` is the number as stored (+91…).
 */
export const OtpChallengeSchema = MessageResponseSchema.extend({
  challenge_id: z.string(),
  channel: ChannelSchema,
  phone: z.string(),
  expires_in_seconds: z.number().int(),
  resend_after_seconds: z.number().int(),
})
export type OtpChallenge = z.infer<typeof OtpChallengeSchema>

/** POST /api/auth/otp/verify and /api/me/phone/verify. */
export const OtpVerifyBodySchema = z.strictObject({
  challenge_id: ChallengeIdSchema,
  code: OtpCodeSchema,
})
export type OtpVerifyBody = z.infer<typeof OtpVerifyBodySchema>

/** POST /api/auth/otp/resend: a new code for the challenge (the old one stops working), by this channel or the same. */
export const OtpResendBodySchema = z.strictObject({
  challenge_id: ChallengeIdSchema,
  channel: ChannelSchema.optional(),
})
export type OtpResendBody = z.infer<typeof OtpResendBodySchema>

/** Signed in: the same answer (and cookies) as a password login. */
export const OtpSignedInSchema = MessageResponseSchema.extend({
  status: z.literal('signed_in'),
  user: z.string(),
  accesstoken: z.string(),
  role: RoleSchema,
  /** The account still has a one-time password from the office: it may choose its own on the profile. */
  must_change_password: z.boolean(),
  /** This sign-in made the account (a new customer, or a worker's first login). */
  created: z.boolean(),
})
export type OtpSignedIn = z.infer<typeof OtpSignedInSchema>

/**
 * The code was right and the number has no account yet: send the person's name with this token
 * (POST /api/auth/otp/complete) within the code's 10 minutes to make the customer account.
 */
export const OtpNameNeededSchema = MessageResponseSchema.extend({
  status: z.literal('name_needed'),
  completion_token: z.string(),
})
export type OtpNameNeeded = z.infer<typeof OtpNameNeededSchema>

export const OtpVerifyResponseSchema = z.discriminatedUnion('status', [OtpSignedInSchema, OtpNameNeededSchema])
export type OtpVerifyResponse = z.infer<typeof OtpVerifyResponseSchema>

/** POST /api/auth/otp/complete */
export const OtpCompleteBodySchema = z.strictObject({
  challenge_id: ChallengeIdSchema,
  completion_token: text().trim().min(20).max(100),
  name: PersonNameSchema,
})
export type OtpCompleteBody = z.infer<typeof OtpCompleteBodySchema>

/** POST /api/auth/password-reset/complete: the code and the new password. */
export const PasswordResetCompleteBodySchema = z.strictObject({
  challenge_id: ChallengeIdSchema,
  code: OtpCodeSchema,
  new_password: NewPasswordSchema,
})
export type PasswordResetCompleteBody = z.infer<typeof PasswordResetCompleteBodySchema>

/**
 * The password is changed and every session of the account ended. A customer or worker is signed
 * in at once (`signed_in`); staff sign in with the new password (and their code, if they ask for one).
 */
export const PasswordChangedSchema = MessageResponseSchema.extend({
  status: z.literal('password_changed'),
  user: z.string(),
})
export const PasswordResetResponseByCodeSchema = z.discriminatedUnion('status', [
  OtpSignedInSchema,
  PasswordChangedSchema,
])
export type PasswordResetByCodeResponse = z.infer<typeof PasswordResetResponseByCodeSchema>

/** GET /api/auth/otp/channels: the channels codes can go by, the preferred first. */
export const OtpChannelsResponseSchema = z.object({ channels: z.array(ChannelSchema) })
export type OtpChannelsResponse = z.infer<typeof OtpChannelsResponseSchema>

/**
 * The answer of POST /api/login for staff who asked for a code after the password (or whose admin
 * requires it): 403 SECOND_STEP_REQUIRED whose details are this; the code went to the account's
 * verified number, and POST /api/auth/otp/verify with it signs them in.
 */
export const SecondStepDetailsSchema = z.object({
  challenge_id: z.string(),
  channel: ChannelSchema,
  /** The number the code went to, all but its last two digits hidden: +91********45. */
  phone_hint: z.string(),
  expires_in_seconds: z.number().int(),
  resend_after_seconds: z.number().int(),
})
export type SecondStepDetails = z.infer<typeof SecondStepDetailsSchema>

/** PUT /api/me/second-step: staff turn on (or off) "ask for a code after my password". */
export const SecondStepBodySchema = z.strictObject({ enabled: z.boolean() })
export type SecondStepBody = z.infer<typeof SecondStepBodySchema>
export const SecondStepResponseSchema = MessageResponseSchema.extend({
  second_step: z.boolean(),
  second_step_required: z.boolean(),
})
export type SecondStepResponse = z.infer<typeof SecondStepResponseSchema>

/** POST /api/me/phone/verify: the caller's number, now verified. */
export const MyPhoneResponseSchema = MessageResponseSchema.extend({
  phone: z.string(),
  phone_verified: z.boolean(),
})
export type MyPhoneResponse = z.infer<typeof MyPhoneResponseSchema>

/** GET and PUT /api/admin/security: the admin's rule for every staff sign-in. */
export const StaffSecurityBodySchema = z.strictObject({ staff_second_step_required: z.boolean() })
export type StaffSecurityBody = z.infer<typeof StaffSecurityBodySchema>
export const StaffSecurityResponseSchema = MessageResponseSchema.extend({
  staff_second_step_required: z.boolean(),
  /** Staff accounts without a verified number: they sign in with the password alone until they add one. */
  staff_without_number: z.array(z.string()),
})
export type StaffSecurityResponse = z.infer<typeof StaffSecurityResponseSchema>

export const otpEndpoints = {
  otpChannels: endpoint({
    method: 'GET',
    path: '/api/auth/otp/channels',
    access: 'public',
    tag: 'auth',
    summary: 'The channels sign-in codes can go by (WhatsApp first where configured)',
    response: OtpChannelsResponseSchema,
  }),
  otpStart: endpoint({
    method: 'POST',
    path: '/api/auth/otp/start',
    access: 'public',
    tag: 'auth',
    summary: 'Send a sign-in code to a mobile number (same answer whether it has an account or not)',
    body: OtpStartBodySchema,
    response: OtpChallengeSchema,
  }),
  otpVerify: endpoint({
    method: 'POST',
    path: '/api/auth/otp/verify',
    access: 'public',
    tag: 'auth',
    summary:
      'Sign in with the code (a sign-in code, or the code after a staff password): a session as a password login makes, or name_needed for a new number',
    body: OtpVerifyBodySchema,
    response: OtpVerifyResponseSchema,
  }),
  otpResend: endpoint({
    method: 'POST',
    path: '/api/auth/otp/resend',
    access: 'public',
    tag: 'auth',
    summary: 'A new code for a challenge (the old one stops working)',
    body: OtpResendBodySchema,
    response: OtpChallengeSchema,
  }),
  otpComplete: endpoint({
    method: 'POST',
    path: '/api/auth/otp/complete',
    access: 'public',
    tag: 'auth',
    summary: "Make the customer account of a verified new number with the person's name, and sign in",
    body: OtpCompleteBodySchema,
    response: OtpSignedInSchema,
  }),
  passwordResetStart: endpoint({
    method: 'POST',
    path: '/api/auth/password-reset/start',
    access: 'public',
    tag: 'auth',
    summary: "Send a code to an account's verified number to set a new password (same answer for any number)",
    body: OtpStartBodySchema,
    response: OtpChallengeSchema,
  }),
  passwordResetComplete: endpoint({
    method: 'POST',
    path: '/api/auth/password-reset/complete',
    access: 'public',
    tag: 'auth',
    summary: 'Set a new password with the code; ends every other session',
    body: PasswordResetCompleteBodySchema,
    response: PasswordResetResponseByCodeSchema,
  }),
  myPhoneStart: endpoint({
    method: 'POST',
    path: '/api/me/phone/start',
    access: 'authenticated',
    tag: 'auth',
    summary: "Send a code to the caller's new number",
    body: OtpStartBodySchema,
    response: OtpChallengeSchema,
  }),
  myPhoneVerify: endpoint({
    method: 'POST',
    path: '/api/me/phone/verify',
    access: 'authenticated',
    tag: 'auth',
    summary: "Make the new number the caller's verified number, with its code",
    body: OtpVerifyBodySchema,
    response: MyPhoneResponseSchema,
  }),
  mySecondStep: endpoint({
    method: 'PUT',
    path: '/api/me/second-step',
    access: STAFF,
    tag: 'auth',
    summary: 'Staff: ask (or stop asking) for a code after my password',
    body: SecondStepBodySchema,
    response: SecondStepResponseSchema,
  }),
  staffSecurity: endpoint({
    method: 'GET',
    path: '/api/admin/security',
    access: ['admin'],
    tag: 'auth',
    summary: 'Whether every staff sign-in needs a code after the password',
    response: StaffSecurityResponseSchema,
  }),
  updateStaffSecurity: endpoint({
    method: 'PUT',
    path: '/api/admin/security',
    access: ['admin'],
    tag: 'auth',
    summary: 'Require (or stop requiring) a code after the password for every staff sign-in',
    body: StaffSecurityBodySchema,
    response: StaffSecurityResponseSchema,
  }),
} as const
