// The one map of status names people read: every screen (through the web's useStatusLabel) and every
// message (the API's templates) name a task status or a request state from here, never by its wire
// value. No zod. One JSON file per language (status-labels/<language>.json): the web loads only its reader's
// as the i18next namespace `status`; the API and the tests use the whole map. Decision 030.
import { REQUEST_STATES, TASK_STATUSES, type Language } from './constants'
import en from './status-labels/en.json' with { type: 'json' }
import hi from './status-labels/hi.json' with { type: 'json' }
import te from './status-labels/te.json' with { type: 'json' }
import type { ReadableStatus, StatusLabels } from './status-labels/types'

export type { ReadableStatus, StatusLabels } from './status-labels/types'

/** Short and simple, as a label or at the end of a message ("TW-000123 is now: Work paused"). */
export const STATUS_LABELS: Readonly<Record<Language, StatusLabels>> = { en, te, hi } satisfies Record<
  Language,
  StatusLabels
>

/** Every status a person may read, tasks' first. */
export const READABLE_STATUSES: readonly ReadableStatus[] = [...TASK_STATUSES, ...REQUEST_STATES]

/** A status in a language; an unknown language reads English, an unknown value is returned as it came. */
export function statusLabel(status: ReadableStatus, language: string | undefined): string {
  const labels = STATUS_LABELS[(language && language in STATUS_LABELS ? language : 'en') as Language]
  return labels[status] ?? status
}
