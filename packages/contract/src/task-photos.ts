import { z } from 'zod'
import { base64Length, IdParamSchema, ImageFileSchema, MessageResponseSchema, photoUploadSchema } from './common'
import { endpoint } from './endpoint'
import { PHOTO_TYPES } from './request-details'
import { TASK_PHOTO_MAX_BYTES, TASK_PHOTOS_MAX } from './task-photo-rules'
export * from './task-photo-rules'

/**
 * Photos of the finished work (issue 21, decision 057): the task's assigned worker adds one to
 * TASK_PHOTOS_MAX while the work is in progress or completed; its customer, its worker and staff see
 * them. The API checks the bytes are the image type named (415), keeps at most TASK_PHOTO_MAX_BYTES
 * (413), and removes the metadata a camera writes (Exif with its GPS position, XMP, comments) before
 * storing.
 */

/** POST /api/tasks/{task_id}/photos takes a body this large: the photo's base64 and its type. */
export const TASK_PHOTO_BODY_LIMIT = base64Length(TASK_PHOTO_MAX_BYTES) + 1024

/** A photo of the work as the worker sends it: JPEG, PNG or WebP, its bytes in base64. */
export const TaskPhotoUploadSchema = photoUploadSchema(TASK_PHOTO_MAX_BYTES)
export type TaskPhotoUpload = z.infer<typeof TaskPhotoUploadSchema>

/** One photo of the work, without its bytes: those are at `url` (GET /api/task-photos/{id}). */
export const TaskPhotoSchema = z.object({
  id: z.number().int(),
  task_id: z.number().int(),
  type: z.enum(PHOTO_TYPES),
  /** Its size as stored (after its metadata was removed). */
  bytes: z.number().int(),
  /** Its pixels, read from the image's header; null when the header does not say. */
  width: z.number().int().nullable(),
  height: z.number().int().nullable(),
  created_at: z.string(),
  /** The image itself, for an <img>: the session's cookie authorises it; it never changes. */
  url: z.string(),
})
export type TaskPhoto = z.infer<typeof TaskPhotoSchema>

export const TaskPhotoResponseSchema = z.object({ photo: TaskPhotoSchema })
export type TaskPhotoResponse = z.infer<typeof TaskPhotoResponseSchema>

export const TaskPhotosResponseSchema = z.object({
  /** Oldest first. */
  photos: z.array(TaskPhotoSchema),
  /** How many a task may have (TASK_PHOTOS_MAX). */
  max: z.number().int(),
  /** Whether the caller may add a photo now: the task's worker, in progress or completed, not full. */
  can_add: z.boolean(),
})
export type TaskPhotosResponse = z.infer<typeof TaskPhotosResponseSchema>

export const DeleteTaskPhotoResponseSchema = MessageResponseSchema.extend({ id: z.number().int() })
export type DeleteTaskPhotoResponse = z.infer<typeof DeleteTaskPhotoResponseSchema>

const taskParams = z.object({ task_id: IdParamSchema })
const photoParams = z.object({ id: IdParamSchema })

/** The photos-of-the-work endpoints. */
export const taskPhotosEndpoints = {
  addTaskPhoto: endpoint({
    method: 'POST',
    path: '/api/tasks/:task_id/photos',
    access: ['worker'],
    tag: 'tasks',
    summary: `The assigned worker adds a photo of the work (at most ${TASK_PHOTOS_MAX} per task, while in progress or completed; send an Idempotency-Key so a retry is stored once)`,
    params: taskParams,
    body: TaskPhotoUploadSchema,
    bodyLimit: TASK_PHOTO_BODY_LIMIT,
    idempotencyKey: 'optional',
    status: 201,
    response: TaskPhotoResponseSchema,
  }),
  taskPhotos: endpoint({
    method: 'GET',
    path: '/api/tasks/:task_id/photos',
    access: 'authenticated',
    tag: 'tasks',
    summary: "A task's photos of the work: for its customer, its worker and staff (404 for anyone else)",
    params: taskParams,
    response: TaskPhotosResponseSchema,
  }),
  taskPhotoImage: endpoint({
    method: 'GET',
    path: '/api/task-photos/:id',
    access: 'authenticated',
    tag: 'tasks',
    summary:
      "A photo of the work as the image itself (its Content-Type; cached privately for a year: it never changes); for the task's customer, its worker and staff",
    params: photoParams,
    response: ImageFileSchema,
  }),
  deleteTaskPhoto: endpoint({
    method: 'DELETE',
    path: '/api/task-photos/:id',
    access: ['worker'],
    tag: 'tasks',
    summary: 'The assigned worker takes back a photo of the work while the task is in progress or completed',
    params: photoParams,
    response: DeleteTaskPhotoResponseSchema,
  }),
} as const
