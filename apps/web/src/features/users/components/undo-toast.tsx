import { Button, CloseButton, Group, Text } from '@mantine/core'
import { useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import type { UndoOffer } from './use-user-changes'

/** How long Undo is offered after a change. */
export const UNDO_SECONDS = 10

export interface UndoToastProps {
  offer: UndoOffer | null
  onUndo: () => void
  /** Stable (a useCallback): the timer starts again when it changes. */
  onDismiss: () => void
  /** The time Undo stays (tests shorten it). */
  seconds?: number
}

/**
 * What was just done, announced politely, with Undo for a few seconds. The time stops while the
 * pointer is over the toast or the keyboard is in it (WCAG 2.2.1: a time limit the person can stop).
 */
export function UndoToast({ offer, onUndo, onDismiss, seconds = UNDO_SECONDS }: UndoToastProps) {
  const { t } = useTranslation('users')
  const [held, setHeld] = useState(false)
  useEffect(() => {
    if (!offer || held) return
    const timer = setTimeout(onDismiss, seconds * 1000)
    return () => clearTimeout(timer)
  }, [offer, held, seconds, onDismiss])

  return (
    <div
      role="status"
      aria-live="polite"
      className="undo-toast"
      onMouseEnter={() => setHeld(true)}
      onMouseLeave={() => setHeld(false)}
      onFocus={() => setHeld(true)}
      onBlur={() => setHeld(false)}
    >
      {offer ? (
        <Group className="undo-toast__box" gap="sm" wrap="nowrap" justify="space-between">
          <Text size="sm" className="undo-toast__text">
            {offer.text}
          </Text>
          <Group gap={4} wrap="nowrap">
            {offer.undo ? (
              <Button size="xs" variant="white" onClick={onUndo}>
                {t('undo.button')}
              </Button>
            ) : null}
            <CloseButton aria-label={t('undo.close')} onClick={onDismiss} variant="transparent" c="white" />
          </Group>
        </Group>
      ) : null}
    </div>
  )
}
