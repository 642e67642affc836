import type { AdminUser, UpdateUserBody } from '@townworks/contract'
import type { Role } from '@townworks/contract/constants'
import type { TFunction } from 'i18next'

/** A change an admin makes to an account through PATCH /api/admin/users/{id}. */
export type UserChange =
  { kind: 'role'; user: AdminUser; to: Role } | { kind: 'disabled'; user: AdminUser; to: boolean }

/** What the PATCH sends for a change. */
export function bodyOf(change: UserChange): UpdateUserBody {
  return change.kind === 'role' ? { role: change.to } : { disabled: change.to }
}

/** The change that puts back what was there before `change` (its Undo). */
export function reverseOf(change: UserChange): UserChange {
  return change.kind === 'role'
    ? { kind: 'role', user: { ...change.user, role: change.to }, to: change.user.role }
    : { kind: 'disabled', user: { ...change.user, disabled: change.to }, to: !change.to }
}

/** Whether the admin is asked first: every role change and disabling; enabling is only undoable. */
export function needsConfirmation(change: UserChange): boolean {
  return change.kind === 'role' || change.to
}

/** What the change means for the person, in words: "Sita will see every customer's requests". */
export function consequenceText(t: TFunction<'users'>, change: UserChange): string {
  const user = change.user.user
  if (change.kind === 'role') return t(`consequence.role.${change.to}`, { user })
  return change.to ? t('consequence.disable', { user }) : t('consequence.enable', { user })
}

/** The question the confirmation asks: "Make Sita an Operator?". */
export function questionText(t: TFunction<'users'>, change: UserChange): string {
  const user = change.user.user
  if (change.kind === 'role') return t('confirm.role', { user, role: t(`roles.${change.to}`) })
  return change.to ? t('confirm.disable', { user }) : t('confirm.enable', { user })
}

/** What was done, once the server agreed: "Sita is now Operator." */
export function doneText(t: TFunction<'users'>, change: UserChange): string {
  const user = change.user.user
  if (change.kind === 'role') return t('done.role', { user, role: t(`roles.${change.to}`) })
  return t(change.to ? 'done.disabled' : 'done.enabled', { user })
}
