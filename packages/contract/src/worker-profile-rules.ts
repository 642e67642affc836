// A worker's profile (issue 21, decision 059): the limits and lists the API, the forms and the screens
// share. Zod-free, '@townworks/contract/worker-profile-rules', so a screen reads them without zod, and
// only the screens that use them carry them.

/**
 * The languages a worker's profile may list (issue 21): the ones spoken in our towns. Each shows in
 * its own script (WORKER_LANGUAGE_NAMES), so the list needs no translation.
 */
export const WORKER_LANGUAGES = ['te', 'hi', 'ur', 'en', 'mr', 'kn'] as const
export type WorkerLanguage = (typeof WORKER_LANGUAGES)[number]
export const WORKER_LANGUAGE_NAMES: Readonly<Record<WorkerLanguage, string>> = {
  te: 'తెలుగు',
  hi: 'हिन्दी',
  ur: 'اردو',
  en: 'English',
  mr: 'मराठी',
  kn: 'ಕನ್ನಡ',
}
/** The most years in the trade a profile may say. */
export const EXPERIENCE_YEARS_MAX = 60
/** A worker's photo: the largest the API keeps, and the longest side the browser makes it first. */
export const WORKER_PHOTO_MAX_BYTES = 300 * 1024
export const WORKER_PHOTO_MAX_SIDE = 800
