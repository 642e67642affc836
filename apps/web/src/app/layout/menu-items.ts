import { isAllowed, SCREEN_ACCESS, type Role } from '@townworks/contract/constants'
import type menuEn from '../../locales/en/menu.json'
import type { AppPath } from '../routes/route-titles'

/** Keys of menu.json that name a menu entry (the rest label the menu itself). */
export type MenuLabelKey = Exclude<keyof typeof menuEn, 'navLabel' | 'menuButton' | 'submenuToggle'>

export interface MenuLink {
  /** Stable id: React key and the base of the submenu's element id. */
  id: string
  labelKey: MenuLabelKey
  to: AppPath
  /** Shown only to visitors (login, register): a logged-in user has no use for them. */
  visitorOnly?: boolean
}

export interface MenuEntry extends MenuLink {
  children?: readonly MenuLink[]
}

/**
 * The main menu: the seed's eight top entries and their submenus, each named after the work rather
 * than the seed's developer names ("TwilioSMS" is Send message; labels in menu.json), plus the
 * screens TownWorks adds. Who sees an entry is who may open its screen: the contract's
 * SCREEN_ACCESS, the same table the route guards read and the API mirrors.
 */
export const MENU_ITEMS: readonly MenuEntry[] = [
  { id: 'home', labelKey: 'home', to: '/' },
  {
    id: 'login',
    labelKey: 'login',
    to: '/login',
    visitorOnly: true,
    children: [
      { id: 'login-login', labelKey: 'login', to: '/login', visitorOnly: true },
      { id: 'login-register', labelKey: 'register', to: '/register', visitorOnly: true },
    ],
  },
  {
    id: 'service-request',
    labelKey: 'serviceRequest',
    to: '/imdDisplay',
    children: [
      { id: 'service-request-form', labelKey: 'serviceRequest', to: '/imdDisplay' },
      { id: 'service-request-sms', labelKey: 'sendMessage', to: '/tsms' },
      { id: 'service-request-mine', labelKey: 'myRequests', to: '/my/requests' },
      { id: 'service-request-inbox', labelKey: 'requestsInbox', to: '/requests' },
      { id: 'service-request-outbox', labelKey: 'outbox', to: '/outbox' },
    ],
  },
  {
    id: 'task-scheduler',
    labelKey: 'taskScheduler',
    to: '/ts',
    children: [
      { id: 'task-scheduler-dashboard', labelKey: 'dashboard', to: '/dashboard' },
      { id: 'task-scheduler-board', labelKey: 'board', to: '/board' },
      { id: 'task-scheduler-update', labelKey: 'updateAssignment', to: '/etass' },
      { id: 'task-scheduler-status', labelKey: 'statusUpdate', to: '/asu' },
      { id: 'task-scheduler-details', labelKey: 'assignmentDetails', to: '/ad' },
      { id: 'task-scheduler-my-jobs', labelKey: 'myJobs', to: '/my/jobs' },
      { id: 'task-scheduler-payouts', labelKey: 'payouts', to: '/payouts' },
      { id: 'task-scheduler-invoices', labelKey: 'invoices', to: '/invoices' },
    ],
  },
  {
    id: 'workflow',
    labelKey: 'workflow',
    to: '/wfs',
    // The seed's React Flow demos (/ff, /un) keep their routes but are no work of the office: the
    // workflow screen links them as examples instead (issue #17).
    children: [{ id: 'workflow-display', labelKey: 'workflowDisplay', to: '/wfs' }],
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
      { id: 'about-users', labelKey: 'users', to: '/admin/users' },
      { id: 'about-catalog', labelKey: 'townsServices', to: '/admin/catalog' },
    ],
  },
  {
    id: 'blog',
    labelKey: 'blog',
    to: '/blog',
    children: [{ id: 'blog-blog', labelKey: 'blog', to: '/blog' }],
  },
]

/** Whether a user of `role` (undefined: a visitor) sees an entry: they may open its screen. */
export function isVisibleTo(link: MenuLink, role: Role | undefined): boolean {
  if (link.visitorOnly && role !== undefined) return false
  return isAllowed(SCREEN_ACCESS[link.to], role)
}

/**
 * The menu as `role` sees it: entries and submenu entries it may not open are removed. A top
 * entry whose own screen is closed to the role but which has open submenu entries stays, pointing
 * at the first of them (a worker's "Task Scheduler" leads to My jobs).
 */
export function menuForRole(items: readonly MenuEntry[], role: Role | undefined): MenuEntry[] {
  return items.flatMap((entry) => {
    const children = entry.children?.filter((child) => isVisibleTo(child, role))
    if (isVisibleTo(entry, role)) return [children ? { ...entry, children } : entry]
    const first = children?.[0]
    return first ? [{ ...entry, to: first.to, children }] : []
  })
}
