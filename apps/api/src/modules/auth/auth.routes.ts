import { randomBytes } from 'node:crypto'
import { endpoints } from '@townworks/contract'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { ctxOf } from '../../http/ctx'
import { route } from '../../http/route'
import { configurePasswordHashing } from '../../shared/password'
import * as notificationsService from '../notifications/notifications.service'
import * as authService from './auth.service'
import { createCodeHasher } from './otp-codes'
import * as otpService from './otp.service'
import { ACCESS_COOKIE, ACCESS_TOKEN_SECONDS, REFRESH_COOKIE, REFRESH_TOKEN_SECONDS, type TokenService } from './tokens'

function setSessionCookies(request: FastifyRequest, reply: FastifyReply, session: authService.Session): void {
  const secure = request.protocol === 'https'
  void reply
    .setCookie(ACCESS_COOKIE, session.accessToken, {
      httpOnly: true,
      sameSite: 'lax',
      secure,
      path: '/',
      maxAge: ACCESS_TOKEN_SECONDS,
    })
    .setCookie(REFRESH_COOKIE, session.refreshToken, {
      httpOnly: true,
      sameSite: 'lax',
      secure,
      path: '/api',
      maxAge: REFRESH_TOKEN_SECONDS,
    })
}

function clearSessionCookies(reply: FastifyReply): void {
  void reply.clearCookie(ACCESS_COOKIE, { path: '/' }).clearCookie(REFRESH_COOKIE, { path: '/api' })
}

/** What the code flows need beyond the tokens: how messages are sent now, and the clock. */
export interface AuthRouteDeps {
  provider: notificationsService.NotificationProvider
  now: () => Date
}

/** The code flows' dependencies from the app's configuration. */
function otpDeps(app: FastifyInstance, tokens: TokenService, deps: AuthRouteDeps): otpService.OtpDeps {
  const config = app.config
  return {
    tokens,
    // Without SESSION_SECRET (development only) codes die with the process, as access tokens do.
    hasher: createCodeHasher(config.SESSION_SECRET ?? randomBytes(32).toString('base64url')),
    provider: deps.provider,
    log: app.log,
    limits: {
      perNumber15Min: config.OTP_PER_NUMBER_15_MIN,
      perNumberDaily: config.OTP_PER_NUMBER_DAILY,
      perAddressHourly: config.OTP_PER_ADDRESS_HOURLY,
      wrongPerAddressHourly: config.OTP_WRONG_PER_ADDRESS_HOURLY,
      hourlyBudget: config.OTP_HOURLY_BUDGET,
    },
    channels: notificationsService.codeChannels(config),
    host: config.PUBLIC_URL ? new URL(config.PUBLIC_URL).host : null,
    now: deps.now,
  }
}

/** A code sign-in's answer: the session's cookies when one opened, and the body. */
function answerWithSession<T>(
  request: FastifyRequest,
  reply: FastifyReply,
  outcome: { session: authService.Session | null; answer: T },
): T {
  if (outcome.session) setSessionCookies(request, reply, outcome.session)
  return outcome.answer
}

/** Register, login, refresh, logout, me, the caller's password and language, and the code flows (issue 19). */
export function authRoutes(tokens: TokenService, deps: AuthRouteDeps) {
  return async function authRoutesPlugin(app: FastifyInstance): Promise<void> {
    const otp = otpDeps(app, tokens, deps)
    configurePasswordHashing({
      concurrency: app.config.PASSWORD_HASH_CONCURRENCY,
      maxWaiting: app.config.PASSWORD_HASH_QUEUE,
    })
    route(app, endpoints.register, async (req) => {
      await authService.register(ctxOf(req), req.body, {
        address: req.ip,
        perHour: app.config.SIGNUP_PER_ADDRESS_HOURLY,
      })
      return { message: 'User created' }
    })

    route(app, endpoints.login, async (req, reply) => {
      const ctx = ctxOf(req)
      const session = await authService.login(ctx, tokens, req.body, req.ip, (user) =>
        otpService.requireSecondStep(ctx, otp, user, req.ip),
      )
      setSessionCookies(req, reply, session)
      return {
        user: session.user.username,
        role: session.user.role,
        accesstoken: session.accessToken,
        mustChangePassword: session.user.mustChangePassword === true,
        message: 'Logged in',
      }
    })

    route(app, endpoints.refresh, async (req, reply) => {
      try {
        const session = await authService.refresh(ctxOf(req), tokens, req.cookies[REFRESH_COOKIE])
        setSessionCookies(req, reply, session)
        return {
          user: session.user.username,
          role: session.user.role,
          accesstoken: session.accessToken,
          mustChangePassword: session.user.mustChangePassword === true,
          message: 'Session renewed',
        }
      } catch (error) {
        clearSessionCookies(reply)
        throw error
      }
    })

    route(app, endpoints.logout, async (req, reply) => {
      await authService.logout(ctxOf(req), req.cookies[REFRESH_COOKIE])
      clearSessionCookies(reply)
      return { message: 'Logged out' }
    })

    route(app, endpoints.me, async (req) => authService.me(ctxOf(req)))

    route(app, endpoints.changeMyPassword, async (req) => {
      await authService.changePassword(ctxOf(req), req.body, req.ip)
      return { message: 'Password changed' }
    })

    route(app, endpoints.updateMyName, async (req) => authService.updateMyName(ctxOf(req), req.body))

    route(app, endpoints.updateMyLanguage, async (req) => authService.updateMyLanguage(ctxOf(req), req.body))

    route(app, endpoints.otpChannels, async () => ({ channels: otp.channels }))
    route(app, endpoints.otpStart, async (req) => otpService.startCode(ctxOf(req), otp, 'sign_in', req.body, req.ip))
    route(app, endpoints.otpResend, async (req) => otpService.resendCode(ctxOf(req), otp, req.body, req.ip))
    route(app, endpoints.otpVerify, async (req, reply) =>
      answerWithSession(req, reply, await otpService.verifyCode(ctxOf(req), otp, req.body, req.ip)),
    )
    route(app, endpoints.otpComplete, async (req, reply) => {
      const outcome = await otpService.completeSignIn(ctxOf(req), otp, req.body)
      const answer = answerWithSession(req, reply, outcome)
      if (answer.status !== 'signed_in') throw new Error('a completed sign-in always signs in')
      return answer
    })
    route(app, endpoints.passwordResetStart, async (req) =>
      otpService.startCode(ctxOf(req), otp, 'password_reset', req.body, req.ip),
    )
    route(app, endpoints.passwordResetComplete, async (req, reply) =>
      answerWithSession(req, reply, await otpService.completePasswordReset(ctxOf(req), otp, req.body, req.ip)),
    )
    route(app, endpoints.myPhoneStart, async (req) => otpService.startPhoneChange(ctxOf(req), otp, req.body, req.ip))
    route(app, endpoints.myPhoneVerify, async (req) => otpService.verifyPhoneChange(ctxOf(req), otp, req.body, req.ip))
    route(app, endpoints.mySecondStep, async (req) => otpService.setMySecondStep(ctxOf(req), req.body.enabled))
    route(app, endpoints.staffSecurity, async (req) => otpService.getStaffSecurity(ctxOf(req)))
    route(app, endpoints.updateStaffSecurity, async (req) =>
      otpService.setStaffSecurity(ctxOf(req), req.body.staff_second_step_required),
    )
  }
}
