import type { Service } from '@townworks/contract'
import { useLayoutEffect, useRef } from 'react'
import { MantineScope } from '../../../lib/mantine'
import { ServiceRequestModal, useServiceRequestForm } from './service-request-modal'

/** A card's choice: a new object for every click, so choosing the same card again starts again. */
export interface ServiceRequestPick {
  service: Service
  preferredWorker?: { id: number; name: string }
}

export interface ServiceRequestFormProps {
  /** The last card chosen; null until the first. */
  pick: ServiceRequestPick | null
  opened: boolean
  onClose: () => void
}

/**
 * The request form and its modal, with Mantine, react-hook-form and zod: loaded by the catalog
 * only when someone reaches for a card, so the catalog's first paint waits for none of them.
 * Once loaded it stays mounted, so closing and reopening keeps what was typed.
 */
export default function ServiceRequestForm({ pick, opened, onClose }: ServiceRequestFormProps) {
  const state = useServiceRequestForm()
  const started = useRef<ServiceRequestPick | null>(null)
  const { start } = state
  // Before the modal paints: it opens with the card's service already chosen.
  useLayoutEffect(() => {
    if (!pick || pick === started.current) return
    started.current = pick
    start(pick)
  })
  return (
    <MantineScope>
      <ServiceRequestModal opened={opened} state={state} onClose={onClose} />
    </MantineScope>
  )
}
