import { endpoints } from '@townworks/contract'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { ctxOf } from '../../http/ctx'
import { route } from '../../http/route'
import { configurePasswordHashing } from '../../shared/password'
import * as authService from './auth.service'
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

/** Register, login, refresh, logout, me, and the caller's password and language. */
export function authRoutes(tokens: TokenService) {
  return async function authRoutesPlugin(app: FastifyInstance): Promise<void> {
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
      const session = await authService.login(ctxOf(req), tokens, req.body, req.ip)
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

    route(app, endpoints.updateMyLanguage, async (req) => authService.updateMyLanguage(ctxOf(req), req.body))
  }
}
