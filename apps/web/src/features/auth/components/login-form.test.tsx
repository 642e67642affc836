import { screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { beforeAll, describe, expect, it } from 'vitest'
import { i18n } from '../../../lib/i18n'
import { Navigate } from '../../../lib/router'
import { mockApi, refuse } from '../../../testing/api-mock'
import { aLogin, anError } from '../../../testing/fixtures'
import { renderApp } from '../../../testing/render'
import { LoginForm } from './login-form'

beforeAll(() => i18n.loadNamespaces('auth'))

function renderLogin() {
  return renderApp({
    path: '/login',
    routes: [
      { path: '/login', element: <LoginForm /> },
      { path: '/', element: <p>Home page</p> },
      { path: '/my/requests', element: <p>My requests page</p> },
      { path: '/my/jobs', element: <p>My jobs page</p> },
      { path: '/requests', element: <p>Requests inbox page</p> },
      { path: '/dashboard', element: <p>Dashboard page</p> },
      { path: '/ad', element: <p>Assignment details page</p> },
      { path: '/profile', element: <p>Choose a new password page</p> },
    ],
  })
}

async function submit(user = 'lakshmi', pwd = 'secret-password') {
  const u = userEvent.setup()
  await u.type(screen.getByLabelText('Username'), user)
  await u.type(screen.getByLabelText('Password'), pwd)
  await u.click(screen.getByRole('button', { name: 'login' }))
  return u
}

describe('the login form', () => {
  it('focuses the user field on load', () => {
    renderLogin()
    expect(screen.getByLabelText('Username')).toHaveFocus()
  })

  it.each([
    [400, anError('VALIDATION_FAILED', 'Invalid user'), 'Missing Username or Password'],
    [401, anError('UNAUTHENTICATED', 'Wrong user name or password'), 'Unauthorized'],
    [500, anError('INTERNAL', 'Something went wrong'), 'Login Failed'],
    [
      429,
      anError('TOO_MANY_ATTEMPTS', 'Too many failed attempts. Please wait 15 minutes and try again.'),
      'Too many attempts. Please try again in 15 minutes.',
    ],
  ])('shows the seed’s text for a %i answer', async (status, body, text) => {
    // A 429 carries Retry-After, as the API's login throttle sends it (15 minutes).
    mockApi({ login: () => refuse(status, body, status === 429 ? { 'retry-after': '900' } : {}) })
    renderLogin()
    await submit()
    expect(await screen.findByRole('alert')).toHaveTextContent(text)
    // What was typed stays.
    expect(screen.getByLabelText('Username')).toHaveValue('lakshmi')
  })

  it('says No Server Response when nothing answers, and clears the text when the user types', async () => {
    mockApi({
      login: () => {
        throw new TypeError('Failed to fetch')
      },
    })
    renderLogin()
    const u = await submit()
    expect(await screen.findByRole('alert')).toHaveTextContent('No Server Response')
    await u.type(screen.getByLabelText('Password'), 'x')
    expect(screen.getByRole('alert')).toHaveTextContent('')
  })

  it.each([
    ['customer', '/my/requests'],
    ['worker', '/my/jobs'],
    ['operator', '/dashboard'],
    ['admin', '/dashboard'],
  ] as const)('takes a %s to their start screen (%s) after signing in', async (role, start) => {
    mockApi({ login: () => aLogin({ role }) })
    const { router } = renderLogin()
    await submit()
    await waitFor(() => expect(router.state.location.pathname).toBe(start))
    expect(router.state.historyAction).toBe('REPLACE')
  })

  it('takes a person sent to login from a screen back to that screen, not to their start screen', async () => {
    mockApi({ login: () => aLogin({ user: 'ravi', role: 'operator' }) })
    const { router } = renderApp({
      path: '/sent',
      routes: [
        // What the screen guard does to a visitor of a protected screen.
        {
          path: '/sent',
          element: <Navigate to="/login" replace state={{ from: { pathname: '/ad', search: '?q=7' } }} />,
        },
        { path: '/login', element: <LoginForm /> },
        { path: '/ad', element: <p>Assignment details page</p> },
      ],
    })
    await submit()
    await waitFor(() => expect(router.state.location.pathname).toBe('/ad'))
    expect(router.state.location.search).toBe('?q=7')
  })

  it('takes a person sent to login from a screen their role may not open to their own start screen instead', async () => {
    // A customer logged out on My requests; the worker who signs in next in this tab is not sent there.
    mockApi({ login: () => aLogin({ user: 'ravi', role: 'worker' }) })
    const { router } = renderApp({
      path: '/sent',
      routes: [
        { path: '/sent', element: <Navigate to="/login" replace state={{ from: { pathname: '/my/requests' } }} /> },
        { path: '/login', element: <LoginForm /> },
        { path: '/my/requests', element: <p>My requests page</p> },
        { path: '/my/jobs', element: <p>My jobs page</p> },
      ],
    })
    await submit()
    await waitFor(() => expect(router.state.location.pathname).toBe('/my/jobs'))
  })

  it('replaces the login page in history after a successful login, and sends what was typed', async () => {
    const { calls } = mockApi({ login: () => aLogin({ user: 'lakshmi', role: 'customer' }) })
    const { router } = renderLogin()
    await submit()
    await waitFor(() => expect(router.state.location.pathname).toBe('/my/requests'))
    expect(router.state.historyAction).toBe('REPLACE')
    expect(calls.map((c) => [c.method, c.url.pathname, c.body])).toEqual([
      ['POST', '/api/login', { user: 'lakshmi', pwd: 'secret-password' }],
    ])
  })

  it('sends a user with a one-time password to the choose-a-new-password screen first', async () => {
    mockApi({ login: () => aLogin({ user: 'admin', role: 'admin', mustChangePassword: true }) })
    const { router } = renderLogin()
    await submit('admin', 'abcd-efgh-jkmn')
    await waitFor(() => expect(router.state.location.pathname).toBe('/profile'))
    expect(router.state.historyAction).toBe('REPLACE')
  })
})
