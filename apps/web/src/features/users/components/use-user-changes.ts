import { useCallback, useState } from 'react'
import { useTranslation } from 'react-i18next'
import type { NoticeValue } from '../../../components/notice'
import { describeApiError, serverDetail } from '../../../lib/api-error-text'
import { useUpdateUser } from '../api/update-user'
import { bodyOf, doneText, needsConfirmation, reverseOf, type UserChange } from '../model/changes'

/** The toast after a change: what was done, and the change that undoes it while Undo is offered. */
export interface UndoOffer {
  text: string
  undo: UserChange | null
}

/**
 * Role and account changes on the Users screen: a change that needs it waits for the admin's
 * confirmation; a change the server made is announced with an Undo that sends the previous value
 * through the same PATCH; a refusal is said in words.
 */
export function useUserChanges() {
  const { t } = useTranslation('users')
  const update = useUpdateUser()
  const [pending, setPending] = useState<UserChange | null>(null)
  const [offer, setOffer] = useState<UndoOffer | null>(null)
  const [notice, setNotice] = useState<NoticeValue | null>(null)
  const dismissOffer = useCallback(() => setOffer(null), [])

  const failed = (error: unknown) =>
    setNotice({ tone: 'error', text: describeApiError(error, { rest: (text) => text, CONFLICT: serverDetail }) })

  function apply(change: UserChange, { isUndo = false } = {}) {
    setNotice(null)
    update.mutate(
      { id: change.user.id, ...bodyOf(change) },
      {
        onSuccess: () =>
          setOffer(
            isUndo
              ? { text: t('undo.done', { what: doneText(t, change) }), undo: null }
              : { text: doneText(t, change), undo: reverseOf(change) },
          ),
        onError: failed,
      },
    )
  }

  return {
    pending,
    offer,
    notice,
    busy: update.isPending,
    setNotice,
    /** A cell asks for a change: confirmed first when it needs it. */
    request(change: UserChange) {
      if (needsConfirmation(change)) setPending(change)
      else apply(change)
    },
    confirm() {
      if (pending) apply(pending)
      setPending(null)
    },
    cancel: () => setPending(null),
    undo() {
      if (offer?.undo) apply(offer.undo, { isUndo: true })
      setOffer(null)
    },
    dismissOffer,
  }
}
