import { describe, expect, it } from 'vitest'
import menuEn from '../../locales/en/menu.json'
import { MENU_ITEMS, menuForRole, type MenuEntry } from './menu-items'

const label = (entry: { labelKey: keyof typeof menuEn }) => menuEn[entry.labelKey]
const outline = (items: readonly MenuEntry[]) =>
  items.map((entry) => [label(entry), entry.to, (entry.children ?? []).map((child) => [label(child), child.to])])

describe('menu items', () => {
  it('show an operator the seed’s menu named after the work (but the visitors’ Login entry, and not the React Flow demos), plus the screens staff use', () => {
    expect(outline(menuForRole(MENU_ITEMS, 'operator'))).toEqual([
      ['Home', '/', []],
      [
        'Service Request',
        '/imdDisplay',
        [
          ['Service Request', '/imdDisplay'],
          ['Send message', '/tsms'],
          ['Requests inbox', '/requests'],
          ['Outbox', '/outbox'],
        ],
      ],
      [
        'Task Scheduler',
        '/ts',
        [
          ['Dashboard', '/dashboard'],
          ['Dispatch board', '/board'],
          ['Update Assignment', '/etass'],
          ['Status update', '/asu'],
          ['Assignment details', '/ad'],
          ['Payouts', '/payouts'],
          ['Receipts and invoices', '/invoices'],
        ],
      ],
      ['Workflow', '/wfs', [['Workflow Display', '/wfs']]],
      ['Skilled Workers', '/swl', [['Worker Services', '/wss']]],
      ['About', '/about', [['Profile', '/profile']]],
      ['Blog', '/blog', [['Blog', '/blog']]],
    ])
  })

  it('show a visitor only what a visitor may open, with the seed’s Login entry', () => {
    expect(outline(menuForRole(MENU_ITEMS, undefined))).toEqual([
      ['Home', '/', []],
      [
        'Login',
        '/login',
        [
          ['Login', '/login'],
          ['Register', '/register'],
        ],
      ],
      ['Service Request', '/imdDisplay', [['Service Request', '/imdDisplay']]],
      ['Skilled Workers', '/swl', []],
      ['About', '/about', []],
      ['Blog', '/blog', [['Blog', '/blog']]],
    ])
  })

  it('lead a worker’s Task Scheduler entry to My jobs', () => {
    const scheduler = menuForRole(MENU_ITEMS, 'worker').find((entry) => entry.id === 'task-scheduler')
    expect(scheduler?.to).toBe('/my/jobs')
    expect(scheduler?.children?.map((child) => child.to)).toEqual(['/my/jobs'])
  })

  it('add each new screen for the roles that may use it, and only for them', () => {
    const pathsFor = (role: Parameters<typeof menuForRole>[1]) =>
      menuForRole(MENU_ITEMS, role).flatMap((entry) => [entry.to, ...(entry.children ?? []).map((child) => child.to)])
    const added = [
      '/my/requests',
      '/my/jobs',
      '/requests',
      '/outbox',
      '/admin/users',
      '/dashboard',
      '/board',
      '/invoices',
    ] as const
    const expected = {
      visitor: [],
      customer: ['/my/requests'],
      worker: ['/my/jobs'],
      operator: ['/requests', '/outbox', '/dashboard', '/board', '/invoices'],
      admin: ['/requests', '/outbox', '/admin/users', '/dashboard', '/board', '/invoices'],
    }
    for (const [who, paths] of Object.entries(expected)) {
      const role = who === 'visitor' ? undefined : (who as 'customer' | 'worker' | 'operator' | 'admin')
      const visible = [...new Set(pathsFor(role))].filter((path) => (added as readonly string[]).includes(path))
      expect(visible.sort(), who).toEqual([...paths].sort())
    }
  })

  it('hide a top entry when neither it nor any submenu entry may be opened', () => {
    const items: MenuEntry[] = [
      { id: 'a', labelKey: 'home', to: '/' },
      { id: 'b', labelKey: 'users', to: '/admin/users', children: [{ id: 'c', labelKey: 'outbox', to: '/outbox' }] },
    ]
    expect(menuForRole(items, 'customer').map((entry) => entry.id)).toEqual(['a'])
    expect(menuForRole(items, 'operator').map((entry) => [entry.id, entry.to])).toEqual([
      ['a', '/'],
      ['b', '/outbox'],
    ])
    expect(menuForRole(items, 'admin').map((entry) => [entry.id, entry.to])).toEqual([
      ['a', '/'],
      ['b', '/admin/users'],
    ])
  })
})

describe('menu labels', () => {
  const languages = import.meta.glob<{ default: Record<string, string> }>('../../locales/*/menu.json', { eager: true })
  // A developer's name: a lower-case letter followed by a capital inside one word (TwilioSMS,
  // AssignmentStatus, FirstFlow, UpdateNode) or an all-joined screen name.
  const developerName = /[a-z][A-Z]|[A-Z]{2,}[a-z]/

  it('name the work, not the code, in every language', () => {
    expect(Object.keys(languages)).toHaveLength(3)
    for (const [file, { default: labels }] of Object.entries(languages)) {
      const keys = new Set(
        MENU_ITEMS.flatMap((entry) => [entry.labelKey, ...(entry.children ?? []).map((c) => c.labelKey)]),
      )
      for (const key of keys) expect(labels[key], `${file} ${key}`).not.toMatch(developerName)
    }
  })

  it('leave the React Flow demos out of every role’s menu, though their routes stay', () => {
    for (const role of [undefined, 'customer', 'worker', 'operator', 'admin'] as const) {
      const paths = menuForRole(MENU_ITEMS, role).flatMap((entry) => [
        entry.to,
        ...(entry.children ?? []).map((c) => c.to),
      ])
      expect(paths, String(role)).not.toContain('/ff')
      expect(paths, String(role)).not.toContain('/un')
    }
  })
})
