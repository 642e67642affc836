import { z } from 'zod'
import { base64Length, IdParamSchema, ImageFileSchema, MessageResponseSchema, photoUploadSchema, text } from './common'
import { EXPERIENCE_YEARS_MAX, WORKER_LANGUAGES, WORKER_PHOTO_MAX_BYTES } from './worker-profile-rules'
import { endpoint, STAFF } from './endpoint'
export * from './worker-profile-rules'

/**
 * A worker's own profile fields (issue 21, decision 059): the languages they speak, their years in
 * the trade and their photo. Operators edit all three on /wss; the worker changes their photo and
 * languages from My jobs. Customers see them on the worker's card and profile.
 */

export const WorkerLanguageSchema = z.enum(WORKER_LANGUAGES, { error: 'Choose languages from the list' })

/** The languages a worker speaks, each once, in the order chosen. */
export const WorkerLanguagesSchema = z
  .array(WorkerLanguageSchema)
  .max(WORKER_LANGUAGES.length)
  .refine((list) => new Set(list).size === list.length, { error: 'Each language only once' })

const YEARS_ERROR = `Enter the years as a whole number from 0 to ${EXPERIENCE_YEARS_MAX}`

/** Years in the trade: a whole number, or null (not known); a form may send its text ('' is null). */
export const ExperienceYearsSchema = z
  .union(
    [
      z.number({ error: YEARS_ERROR }),
      z.null(),
      text()
        .trim()
        .regex(/^\d{0,2}$/, { error: YEARS_ERROR }),
    ],
    {
      error: YEARS_ERROR,
    },
  )
  .transform((v) => (v === '' || v === null ? null : Number(v)))
  .pipe(
    z
      .number()
      .int({ error: YEARS_ERROR })
      .min(0, { error: YEARS_ERROR })
      .max(EXPERIENCE_YEARS_MAX, { error: YEARS_ERROR })
      .nullable(),
  )

/** What a worker's profile adds to their name: shown on their card and profile. */
export const WorkerProfileFieldsSchema = z.object({
  /** Their photo (GET /api/workers/{id}/photo/{name}); null without one. It changes address when replaced. */
  photo_url: z.string().nullable(),
  languages: z.array(WorkerLanguageSchema),
  experience_years: z.number().int().nullable(),
})
export type WorkerProfileFields = z.infer<typeof WorkerProfileFieldsSchema>

/** PUT /api/workers/{id}/photo: the photo's type and its bytes in base64. */
export const WorkerPhotoUploadSchema = photoUploadSchema(WORKER_PHOTO_MAX_BYTES)
export type WorkerPhotoUpload = z.infer<typeof WorkerPhotoUploadSchema>

export const WorkerPhotoResponseSchema = MessageResponseSchema.extend({
  worker_id: z.number().int(),
  photo_url: z.string().nullable(),
})
export type WorkerPhotoResponse = z.infer<typeof WorkerPhotoResponseSchema>

/** PUT /api/workers/{id}/languages */
export const WorkerLanguagesBodySchema = z.strictObject({ languages: WorkerLanguagesSchema })
export type WorkerLanguagesBody = z.infer<typeof WorkerLanguagesBodySchema>
export const WorkerLanguagesResponseSchema = MessageResponseSchema.extend({
  worker_id: z.number().int(),
  languages: z.array(WorkerLanguageSchema),
})
export type WorkerLanguagesResponse = z.infer<typeof WorkerLanguagesResponseSchema>

const workerParams = z.object({ id: IdParamSchema })

/** The worker profile endpoints: the worker themselves, or staff (as the working hours are). */
export const workerProfileEndpoints = {
  setWorkerPhoto: endpoint({
    method: 'PUT',
    path: '/api/workers/:id/photo',
    access: ['worker', ...STAFF],
    tag: 'workers',
    summary: `Set a worker's photo (staff, or that worker; at most ${WORKER_PHOTO_MAX_BYTES / 1024} KB, its metadata removed)`,
    params: workerParams,
    body: WorkerPhotoUploadSchema,
    bodyLimit: base64Length(WORKER_PHOTO_MAX_BYTES) + 1024,
    response: WorkerPhotoResponseSchema,
  }),
  deleteWorkerPhoto: endpoint({
    method: 'DELETE',
    path: '/api/workers/:id/photo',
    access: ['worker', ...STAFF],
    tag: 'workers',
    summary: "Remove a worker's photo (staff, or that worker)",
    params: workerParams,
    response: WorkerPhotoResponseSchema,
  }),
  workerPhotoImage: endpoint({
    method: 'GET',
    path: '/api/workers/:id/photo/:name',
    access: 'public',
    tag: 'workers',
    summary: "A worker's photo, as on their public profile (404 once replaced or removed)",
    params: workerParams.extend({
      name: z.string().regex(/^[0-9a-f-]{36}$/, { error: 'Not a photo of this worker' }),
    }),
    response: ImageFileSchema,
  }),
  setWorkerLanguages: endpoint({
    method: 'PUT',
    path: '/api/workers/:id/languages',
    access: ['worker', ...STAFF],
    tag: 'workers',
    summary: 'Set the languages a worker speaks (staff, or that worker)',
    params: workerParams,
    body: WorkerLanguagesBodySchema,
    response: WorkerLanguagesResponseSchema,
  }),
} as const
