import type { Role } from '@townworks/contract'
import type menuEn from '../../locales/en/menu.json'
import type { AppPath } from '../routes/route-titles'

/** Keys of menu.json that name a menu entry (the rest label the menu itself). */
export type MenuLabelKey = Exclude<keyof typeof menuEn, 'navLabel' | 'menuButton' | 'submenuToggle'>

export interface MenuLink {
  /** Stable id: React key and the base of the submenu's element id. */
  id: string
  labelKey: MenuLabelKey
  to: AppPath
  /** Roles that see this entry; absent means everyone, visitors included. */
  roles?: readonly Role[]
}

export interface MenuEntry extends MenuLink {
  children?: readonly MenuLink[]
}

const STAFF = ['operator', 'admin'] as const satisfies readonly Role[]

/**
 * The main menu: the seed's entries and submenus exactly as listed (labels in menu.json), plus
 * the screens TownWorks adds, shown only to the roles that may use them. Which seed entries a
 * role should not see is decided with the login issue; until then they are open to everyone.
 */
export const MENU_ITEMS: readonly MenuEntry[] = [
  { id: 'home', labelKey: 'home', to: '/' },
  {
    id: 'login',
    labelKey: 'login',
    to: '/login',
    children: [
      { id: 'login-login', labelKey: 'login', to: '/login' },
      { id: 'login-register', labelKey: 'register', to: '/register' },
    ],
  },
  {
    id: 'service-request',
    labelKey: 'serviceRequest',
    to: '/imdDisplay',
    children: [
      { id: 'service-request-form', labelKey: 'serviceRequest', to: '/imdDisplay' },
      { id: 'service-request-sms', labelKey: 'twilioSms', to: '/tsms' },
      { id: 'service-request-mine', labelKey: 'myRequests', to: '/my/requests', roles: ['customer'] },
      { id: 'service-request-inbox', labelKey: 'requestsInbox', to: '/requests', roles: STAFF },
      { id: 'service-request-outbox', labelKey: 'outbox', to: '/outbox', roles: STAFF },
    ],
  },
  {
    id: 'task-scheduler',
    labelKey: 'taskScheduler',
    to: '/ts',
    children: [
      { id: 'task-scheduler-update', labelKey: 'updateAssignment', to: '/etass' },
      { id: 'task-scheduler-status', labelKey: 'assignmentStatusUpdate', to: '/asu' },
      { id: 'task-scheduler-details', labelKey: 'assignmentDetailScreen', to: '/ad' },
      { id: 'task-scheduler-my-jobs', labelKey: 'myJobs', to: '/my/jobs', roles: ['worker'] },
    ],
  },
  {
    id: 'workflow',
    labelKey: 'workflow',
    to: '/wfs',
    children: [
      { id: 'workflow-first-flow', labelKey: 'firstFlow', to: '/ff' },
      { id: 'workflow-display', labelKey: 'workflowDisplay', to: '/wfs' },
      { id: 'workflow-update-node', labelKey: 'updateNode', to: '/un' },
    ],
  },
  {
    id: 'skilled-workers',
    labelKey: 'skilledWorkers',
    to: '/swl',
    children: [{ id: 'skilled-workers-services', labelKey: 'workerServices', to: '/wss' }],
  },
  {
    id: 'about',
    labelKey: 'about',
    to: '/about',
    children: [
      { id: 'about-profile', labelKey: 'profile', to: '/profile' },
      { id: 'about-users', labelKey: 'users', to: '/admin/users', roles: ['admin'] },
    ],
  },
  {
    id: 'blog',
    labelKey: 'blog',
    to: '/blog',
    children: [{ id: 'blog-blog', labelKey: 'blog', to: '/blog' }],
  },
]

/** Whether a user of `role` (undefined: a visitor) sees an entry. */
export function isVisibleTo(link: MenuLink, role: Role | undefined): boolean {
  return link.roles === undefined || (role !== undefined && link.roles.includes(role))
}

/** The menu as `role` sees it: hidden entries and hidden submenu entries removed. */
export function menuForRole(items: readonly MenuEntry[], role: Role | undefined): MenuEntry[] {
  return items
    .filter((entry) => isVisibleTo(entry, role))
    .map((entry) =>
      entry.children ? { ...entry, children: entry.children.filter((child) => isVisibleTo(child, role)) } : entry,
    )
}
