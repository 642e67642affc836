import { demoLogin, expect, expectAccessible, test } from './support/fixtures'

const unique = () => `user${Date.now().toString(36)}${Math.floor(Math.random() * 1000)}`

test('register (signed in at once), log out, log in, come back to the page first asked for, log out', async ({
  page,
}) => {
  const name = unique()
  await page.goto('/register')
  await expectAccessible(page, '/register')
  await page.getByLabel('Username').fill(name)
  await page.getByLabel('Email').fill(`${name}@example.com`)
  await page.getByLabel('Password').fill('monsoon-2026')
  await page.getByRole('button', { name: 'Register' }).click()
  // The seed's words stay; the person is signed in at once and offered the way on (issue 19).
  await expect(page.getByText('User created')).toBeVisible()
  await expect(page.getByText('You are signed in.')).toBeVisible()
  await expectAccessible(page, '/register, signed up')
  await page.getByRole('link', { name: 'Continue' }).click()
  await expect(page).toHaveURL(/\/my\/requests$/)
  await page.request.post('/api/logout')
  await page.evaluate(() => localStorage.clear())

  // The same name again, in capitals: refused.
  await page.goto('/register')
  await page.getByLabel('Username').fill(name.toUpperCase())
  await page.getByLabel('Email').fill(`${name}@example.com`)
  await page.getByLabel('Password').fill('monsoon-2026')
  await page.getByRole('button', { name: 'Register' }).click()
  await expect(page.getByText('User already exist')).toBeVisible()
  await expect(page.getByLabel('Username')).toHaveValue('')

  // A visitor asking for the profile goes to the login screen…
  await page.goto('/profile')
  await expect(page).toHaveURL(/\/login$/)
  await expectAccessible(page, '/login')
  await page.getByRole('button', { name: 'Sign in with user name and password' }).click()
  await expect(page.getByLabel('Username')).toBeFocused()
  await page.getByLabel('Username').fill(name)
  await page.getByLabel('Password').fill('monsoon-2026')
  await page.getByRole('button', { name: 'login', exact: true }).click()
  // … and comes back to it after logging in.
  await expect(page).toHaveURL(/\/profile$/)
  await expect(page.getByText(`Welcome, ${name.toUpperCase()}`)).toBeVisible()
  // The profile is the person's own page now (issue 18): their name, ready to edit, no placeholder video.
  await expect(page.getByLabel('Name', { exact: true })).toBeVisible()
  await expect(page.locator('video')).toHaveCount(0)
  expect(await page.evaluate(() => localStorage.getItem('user'))).toBe(name)
  await expectAccessible(page, '/profile')

  // The session survives a reload (cookies, nothing in JavaScript-readable storage but the name).
  await page.reload()
  await expect(page.getByText(`Welcome, ${name.toUpperCase()}`)).toBeVisible()
  const cookies = await page.context().cookies()
  expect(cookies.find((c) => c.name === 'tw_access')?.httpOnly).toBe(true)

  await page.getByRole('banner').getByRole('button', { name: 'Logout' }).click()
  await expect(page).toHaveURL(/\/login$/)
  expect(await page.evaluate(() => localStorage.length)).toBe(0)
  const me = await page.request.get('/api/me')
  expect(me.status()).toBe(401)
})

test('each login failure shows its text', async ({ page }) => {
  const name = unique()
  const reg = await page.request.post('/api/register', {
    data: { user: name, email: `${name}@example.com`, pwd: 'monsoon-2026' },
  })
  expect(reg.status()).toBe(201)
  await page.goto('/login')
  // The seed's form is one tap away: the mobile number comes first (issue 19).
  await page.getByRole('button', { name: 'Sign in with user name and password' }).click()
  await page.getByLabel('Username').fill(name)
  await page.getByLabel('Password').fill('wrong-password')
  await page.getByRole('button', { name: 'login', exact: true }).click()
  await expect(page.getByRole('alert')).toHaveText('Unauthorized')

  // Typing clears the message.
  await page.getByLabel('Password').fill('monsoon-2026')
  await expect(page.getByRole('alert')).toHaveText('')

  await page.route('**/api/login', (route) => route.abort('connectionrefused'))
  await page.getByRole('button', { name: 'login', exact: true }).click()
  await expect(page.getByRole('alert')).toHaveText('No Server Response')

  await page.unroute('**/api/login')
  await page.route('**/api/login', (route) =>
    route.fulfill({ status: 400, json: { message: 'Invalid user', code: 'VALIDATION_FAILED' } }),
  )
  await page.getByRole('button', { name: 'login', exact: true }).click()
  await expect(page.getByRole('alert')).toHaveText('Missing Username or Password')

  await page.unroute('**/api/login')
  await page.route('**/api/login', (route) => route.fulfill({ status: 502, body: 'Bad gateway' }))
  await page.getByRole('button', { name: 'login', exact: true }).click()
  await expect(page.getByRole('alert')).toHaveText('Login Failed')
  await expect(page.getByLabel('Username')).toHaveValue(name)
})

test('a customer cannot open an operator screen, through the UI or the API', async ({ page }) => {
  const customer = demoLogin('customer')
  await page.goto('/login')
  // The seed's form is one tap away: the mobile number comes first (issue 19).
  await page.getByRole('button', { name: 'Sign in with user name and password' }).click()
  await page.getByLabel('Username').fill(customer.username)
  await page.getByLabel('Password').fill(customer.password)
  await page.getByRole('button', { name: 'login', exact: true }).click()
  // A customer starts on My requests (decision 022).
  await expect(page).toHaveURL(/\/my\/requests$/)
  const nav = page.getByRole('navigation', { name: 'Main' })
  await expect(nav.getByRole('link', { name: 'Task Scheduler' })).toHaveCount(0)
  await expect(page.getByRole('banner').getByRole('link', { name: new RegExp(customer.username) })).toBeVisible()

  await page.goto('/ts')
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('This page is not for your account')
  await expectAccessible(page, 'not allowed')
  expect((await page.request.get('/api/task')).status()).toBe(403)
  expect((await page.request.get('/api/admin/users')).status()).toBe(403)
})

test('an admin manages users: finds one, changes the role', async ({ page }) => {
  const admin = demoLogin('admin')
  const name = unique()
  await page.request.post('/api/register', { data: { user: name, email: `${name}@example.com`, pwd: 'monsoon-2026' } })
  await page.goto('/login')
  // The seed's form is one tap away: the mobile number comes first (issue 19).
  await page.getByRole('button', { name: 'Sign in with user name and password' }).click()
  await page.getByLabel('Username').fill(admin.username)
  await page.getByLabel('Password').fill(admin.password)
  await page.getByRole('button', { name: 'login', exact: true }).click()
  // The office starts on its dashboard (decisions 022, 042).
  await expect(page).toHaveURL(/\/dashboard$/)
  await page.goto(`/admin/users?q=${name}`)
  await expect(page.getByRole('rowheader', { name })).toBeVisible()
  await expectAccessible(page, '/admin/users')
  await page
    .getByRole('combobox', { name: `Role of ${name}` })
    .or(page.getByRole('textbox', { name: `Role of ${name}` }))
    .first()
    .click()
  await page.getByRole('option', { name: 'Operator' }).click()
  // Asked first, with what it means (issue 17).
  const confirm = page.getByRole('dialog', { name: `Make ${name} Operator?` })
  await expect(confirm).toContainText(`${name} will see every customer's requests`)
  await confirm.getByRole('button', { name: 'Change the role' }).click()
  await expect(page.getByText(`${name} is now Operator.`)).toBeVisible()
  const check = await page.request.get(`/api/admin/users?q=${name}`)
  expect((await check.json()).users[0].role).toBe('operator')
})
