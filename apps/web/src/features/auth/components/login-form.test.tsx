import { screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { i18n } from '../../../lib/i18n'
import { Navigate } from '../../../lib/router'
import { renderApp } from '../../../testing/render'
import { LoginForm } from './login-form'

const fetchMock = vi.fn<typeof fetch>()
// A 429 carries Retry-After, as the API's login throttle sends it (15 minutes).
const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json', ...(status === 429 && { 'retry-after': '900' }) },
  })

beforeAll(() => i18n.loadNamespaces('auth'))

beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock)
  fetchMock.mockReset()
})
afterEach(() => vi.unstubAllGlobals())

function renderLogin() {
  return renderApp({
    path: '/login',
    routes: [
      { path: '/login', element: <LoginForm /> },
      { path: '/', element: <p>Home page</p> },
      { path: '/my/requests', element: <p>My requests page</p> },
      { path: '/my/jobs', element: <p>My jobs page</p> },
      { path: '/requests', element: <p>Requests inbox page</p> },
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
    [400, { message: 'Invalid user', code: 'VALIDATION_FAILED' }, 'Missing Username or Password'],
    [401, { message: 'Wrong user name or password', code: 'UNAUTHENTICATED' }, 'Unauthorized'],
    [500, { message: 'Something went wrong', code: 'INTERNAL' }, 'Login Failed'],
    [
      429,
      { message: 'Too many failed attempts. Please wait 15 minutes and try again.', code: 'TOO_MANY_ATTEMPTS' },
      'Too many attempts. Please try again in 15 minutes.',
    ],
  ])('shows the seed’s text for a %i answer', async (status, body, text) => {
    fetchMock.mockResolvedValue(json(status, body))
    renderLogin()
    await submit()
    expect(await screen.findByRole('alert')).toHaveTextContent(text)
    // What was typed stays.
    expect(screen.getByLabelText('Username')).toHaveValue('lakshmi')
  })

  it('says No Server Response when nothing answers, and clears the text when the user types', async () => {
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'))
    renderLogin()
    const u = await submit()
    expect(await screen.findByRole('alert')).toHaveTextContent('No Server Response')
    await u.type(screen.getByLabelText('Password'), 'x')
    expect(screen.getByRole('alert')).toHaveTextContent('')
  })

  it.each([
    ['customer', '/my/requests'],
    ['worker', '/my/jobs'],
    ['operator', '/requests'],
    ['admin', '/requests'],
  ] as const)('takes a %s to their start screen (%s) after signing in', async (role, start) => {
    fetchMock.mockResolvedValue(json(200, { user: 'lakshmi', role, accesstoken: 'token', message: 'Logged in' }))
    const { router } = renderLogin()
    await submit()
    await waitFor(() => expect(router.state.location.pathname).toBe(start))
    expect(router.state.historyAction).toBe('REPLACE')
  })

  it('takes a person sent to login from a screen back to that screen, not to their start screen', async () => {
    fetchMock.mockResolvedValue(
      json(200, { user: 'ravi', role: 'operator', accesstoken: 'token', message: 'Logged in' }),
    )
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
    fetchMock.mockResolvedValue(json(200, { user: 'ravi', role: 'worker', accesstoken: 'token', message: 'Logged in' }))
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
    fetchMock.mockResolvedValue(
      json(200, { user: 'lakshmi', role: 'customer', accesstoken: 'token', message: 'Logged in' }),
    )
    const { router } = renderLogin()
    await submit()
    await waitFor(() => expect(router.state.location.pathname).toBe('/my/requests'))
    expect(router.state.historyAction).toBe('REPLACE')
    const [url, init] = fetchMock.mock.calls[0] ?? []
    expect(url).toBe('/api/login')
    expect(JSON.parse(String(init?.body))).toEqual({ user: 'lakshmi', pwd: 'secret-password' })
  })

  it('sends a user with a one-time password to the choose-a-new-password screen first', async () => {
    fetchMock.mockResolvedValue(
      json(200, { user: 'admin', role: 'admin', accesstoken: 'token', message: 'Logged in', mustChangePassword: true }),
    )
    const { router } = renderLogin()
    await submit('admin', 'abcd-efgh-jkmn')
    await waitFor(() => expect(router.state.location.pathname).toBe('/profile'))
    expect(router.state.historyAction).toBe('REPLACE')
  })
})
