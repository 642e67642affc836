// Photos of the finished work (issue 21, decision 057): the limits the API, the worker's upload and
// the screens share. Zod-free, '@townworks/contract/task-photo-rules', so the web's photo code reads
// them without zod.

/** The largest photo of the work the API keeps, in bytes (after the browser made it smaller). */
export const TASK_PHOTO_MAX_BYTES = 600 * 1024

/** How many photos one task may have. */
export const TASK_PHOTOS_MAX = 5

/** The longest side, in pixels, the browser makes a photo of the work before sending it. */
export const TASK_PHOTO_MAX_SIDE = 1600

/** The statuses in which the task's worker may add (or take back) photos of the work. */
export const TASK_PHOTO_STATUSES = ['work_inprogress', 'work_completed'] as const

/** Why a photo was refused with 409 CONFLICT (`details.reason`). */
export type TaskPhotoRefusal = 'photos_full' | 'photos_closed' | 'key_reused'
