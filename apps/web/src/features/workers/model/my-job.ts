import type { Service, TaskStatus } from '@townworks/contract/constants'
import type { MyJobWithEarning } from '@townworks/contract'

/** The buttons a worker sees on a job: one per move the status machine allows them. */
export type JobAction = 'start' | 'pause' | 'resume' | 'complete'

/** The button for a move from `from` to `to`, or none when a worker has no button for it. */
export function actionFor(from: TaskStatus, to: TaskStatus): JobAction | undefined {
  if (to === 'work_inprogress') return from === 'assigned' ? 'start' : 'resume'
  if (to === 'work_pending') return 'pause'
  if (to === 'work_completed') return 'complete'
  return undefined
}

/**
 * The job's title in the worker's language where it comes from our catalogue (a task named after
 * its service, as scheduling from a request names it); what the office typed otherwise.
 */
export function jobTitle(job: Pick<MyJobWithEarning, 'task_name'>, serviceName: (service: Service) => string): string {
  // A name the services' rows (or the initial names) know comes back translated; any other text as it was.
  const typed = job.task_name.trim()
  const named = serviceName(typed)
  return named !== typed ? named : job.task_name
}

/** Where to go, as a person reads it and as a map searches for it: the place, then the town once. */
function placeParts(job: Pick<MyJobWithEarning, 'place' | 'town'>): string[] {
  const parts = [job.place?.trim(), job.town ?? undefined].filter((p): p is string => Boolean(p))
  return parts.filter((part, i) => parts.findIndex((p) => p.toLowerCase() === part.toLowerCase()) === i)
}

/**
 * A Google Maps search for the job's place and town (opens the Maps app on a phone), or null when
 * the job says nowhere. The town goes in English, as the map knows it.
 */
export function mapsLink(
  job: Pick<MyJobWithEarning, 'place' | 'town'> & { request?: MyJobWithEarning['request'] },
): string | null {
  // The customer's pin, when they gave one, is the most exact place.
  const pin = job.request?.location
  if (pin) return `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(`${pin.lat},${pin.lng}`)}`
  const parts = placeParts(job)
  if (parts.length === 0) return null
  return `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(parts.join(', '))}`
}

/** The place as the worker reads it: the town in their language. */
export function placeText(job: Pick<MyJobWithEarning, 'place' | 'town'>, townName: (town: string) => string): string {
  return placeParts(job)
    .map((part) => (part === job.town ? townName(part) : part))
    .join(', ')
}
