import type { PhotoType } from '@townworks/contract/request-details'

// The request form's values and its draft in localStorage, zod-free: the form (model/request-form.ts
// re-exports them) and the notices of requests kept on the phone (issue 23) read them.

/** What the form holds while typing: choices may be empty. */
export interface RequestFormValues {
  name: string
  phone: string
  email: string
  service: string
  town: string
  service_date: string
  address: string
  landmark: string
  description: string
  problems: string[]
  time_window: string
  lat: number | null
  lng: number | null
  photo: { type: PhotoType; data: string; name: string } | null
  preferred_worker: { id: number; name: string } | null
  /** A material's order (decision 069): how much, as typed, and in which of the service's units. */
  quantity: string
  unit: string
}

export function emptyForm(contact?: {
  name?: string
  phone?: string | null
  email?: string | null
}): RequestFormValues {
  return {
    name: contact?.name ?? '',
    phone: contact?.phone ?? '',
    email: contact?.email ?? '',
    service: '',
    town: '',
    service_date: '',
    address: '',
    landmark: '',
    description: '',
    problems: [],
    time_window: '',
    lat: null,
    lng: null,
    photo: null,
    preferred_worker: null,
    quantity: '',
    unit: '',
  }
}

/** Where the draft of the request form is kept, so a reload or a lost connection loses nothing. */
export const DRAFT_KEY = 'townworks.requestDraft'

/** The kept draft, or undefined when there is none (or it cannot be read). */
export function readDraft(): Partial<RequestFormValues> | undefined {
  try {
    const raw = localStorage.getItem(DRAFT_KEY)
    if (!raw) return undefined
    const value: unknown = JSON.parse(raw)
    return value && typeof value === 'object' ? (value as Partial<RequestFormValues>) : undefined
  } catch {
    return undefined
  }
}

/** Keep the draft; a full storage drops the photo first, then gives up quietly. */
export function writeDraft(values: RequestFormValues): void {
  try {
    localStorage.setItem(DRAFT_KEY, JSON.stringify(values))
  } catch {
    try {
      localStorage.setItem(DRAFT_KEY, JSON.stringify({ ...values, photo: null }))
    } catch {
      // Storage is full or closed: the form still works, only the draft is not kept.
    }
  }
}

export function clearDraft(): void {
  try {
    localStorage.removeItem(DRAFT_KEY)
  } catch {
    // Nothing to clear.
  }
}
