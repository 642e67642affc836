// What a booking needs beyond the seed's fields (issue 18, decision 027): the short lists the request
// schemas, the form and the server share. Zod-free, '@townworks/contract/request-details'; the
// problem chips are in problem-chips.ts, which only the form and the server load.

/** When in the day the person wants the worker (the request form's time window). */
export const TIME_WINDOWS = ['morning', 'afternoon', 'evening'] as const
export type TimeWindow = (typeof TIME_WINDOWS)[number]

/** The request's photo: these types only, at most this many bytes (checked again by the server on the bytes). */
export const PHOTO_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const
export type PhotoType = (typeof PHOTO_TYPES)[number]
export const PHOTO_MAX_BYTES = 400 * 1024

/**
 * What the public tracking page (track by reference + mobile number) says of a request: where it
 * stands and the next step, nothing about who or where.
 */
export const TRACK_STAGES = [
  'received',
  'rejected',
  'scheduled',
  'in_progress',
  'work_done',
  'completed',
  'cancelled',
] as const
export type TrackStage = (typeof TRACK_STAGES)[number]
