import type { i18n as I18n } from 'i18next'
import { isApiError } from '../../lib/api-client'
import { forgetOnThisPhone } from '../../lib/offline/forget'
import { outboxItems } from '../../lib/offline/outbox'
import { logOutOnServer } from '../../lib/session'

/**
 * Logout, loaded on the press (the header is in every first load): whether this person may be logged
 * out now, asked of them or of the server. False leaves them signed in:
 * - what they did with no signal and is still waiting to be sent is named first (issue 23), and they
 *   may stay to let it go;
 * - with no network the server would keep the session, so nobody is logged out: they are told.
 * Otherwise they are logged out here whatever the server says, as the seed did, and what this phone
 * kept for them (their outbox, the copies of their screens) is forgotten.
 */
export async function logOut(user: string, i18n: I18n): Promise<boolean> {
  const waiting = (await outboxItems(user)).filter((i) => i.state === 'waiting' || i.state === 'sending').length
  if (waiting > 0) {
    await i18n.loadNamespaces('offline')
    if (!window.confirm(i18n.t('offline:signOut.waiting', { count: waiting }))) return false
  }
  const offline = await logOutOnServer().then(
    () => false,
    (error: unknown) => isApiError(error) && error.kind === 'network',
  )
  if (offline) {
    await i18n.loadNamespaces('offline')
    window.alert(i18n.t('offline:signOut.offline'))
    return false
  }
  // What this phone kept for them goes: the next person on it never reads or sends it.
  await forgetOnThisPhone(user)
  return true
}
