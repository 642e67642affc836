import { z } from 'zod'
import { IdParamSchema, ImageFileSchema, text } from './common'
import { PLACE_NAME_MAX, SERVICE_CATEGORIES } from './places'
import { endpoint } from './endpoint'
import { ServiceSchema, TownSchema } from './options'
import { PhotoUploadSchema, RequestPhotoSchema, SERVICE_REQUEST_BODY_LIMIT } from './requests'
import { OrderUnitSchema } from './material-orders'

// Towns and services as rows (decision 048): the public lists every screen offers choices from, and
// the admin's writes. A row is never deleted (requests, tasks and workers point to it): retiring
// it (`active: false`) hides it from new choices while history keeps its names.

export const ServiceCategorySchema = z.enum(SERVICE_CATEGORIES, { error: 'Choose labour or material' })

/** A name in Telugu or Hindi: may be left empty (screens and messages then show the English name). */
const TranslatedNameSchema = text()
  .trim()
  .max(PLACE_NAME_MAX, { error: `At most ${PLACE_NAME_MAX} characters` })
/** The order of a row in lists (smaller first; equal ones by English name). */
const SortOrderSchema = z.int({ error: 'A whole number' }).min(0).max(9999)

const PlaceRowFields = {
  id: z.number().int(),
  /** The English name: the value the wire carries (the seed's names for the initial rows). */
  name: z.string(),
  name_te: z.string(),
  name_hi: z.string(),
  active: z.boolean(),
  sort_order: z.number().int(),
}

export const TownRowSchema = z.object({
  ...PlaceRowFields,
  /** The services offered in this town (English names, in the services' order). */
  services: z.array(z.string()),
})
export type TownRow = z.infer<typeof TownRowSchema>

export const ServiceRowSchema = z.object({
  ...PlaceRowFields,
  category: ServiceCategorySchema,
  /**
   * The units a customer orders this service in by quantity (decision 069: Sand in tractor loads or
   * cubic feet, Brick in pieces), the first one the usual; empty: it is booked as a job.
   */
  order_units: z.array(OrderUnitSchema),
  /** Whether an admin uploaded a card picture (GET /api/services/{id}/picture). */
  has_picture: z.boolean(),
  /**
   * The picture as an image, for an <img>: GET /api/services/{id}/picture/image with its version
   * (`?v=`, which changes when the picture does, so browsers may keep it); null without one.
   */
  picture_url: z.string().nullable(),
})
export type ServiceRow = z.infer<typeof ServiceRowSchema>

export const TownsResponseSchema = z.object({ towns: z.array(TownRowSchema) })
export type TownsResponse = z.infer<typeof TownsResponseSchema>
export const ServicesResponseSchema = z.object({ services: z.array(ServiceRowSchema) })
export type ServicesResponse = z.infer<typeof ServicesResponseSchema>

const PlaceBodyFields = {
  name_te: TranslatedNameSchema.default(''),
  name_hi: TranslatedNameSchema.default(''),
  active: z.boolean().default(true),
  sort_order: SortOrderSchema.default(100),
}

/** POST /api/admin/towns and PUT /api/admin/towns/{id}: a town, and every service it offers. */
export const TownBodySchema = z.strictObject({
  name: TownSchema,
  ...PlaceBodyFields,
  services: z
    .array(ServiceSchema)
    .max(200, { error: 'At most 200 services' })
    .refine((list) => new Set(list).size === list.length, { error: 'Each service once' }),
})
export type TownBody = z.infer<typeof TownBodySchema>

/** POST /api/admin/services and PUT /api/admin/services/{id}. */
export const ServiceBodySchema = z.strictObject({
  name: ServiceSchema,
  ...PlaceBodyFields,
  category: ServiceCategorySchema,
  /** The units it is ordered in (decision 069), the usual first; left out, an edit keeps them and a new service has none. */
  order_units: z
    .array(OrderUnitSchema)
    .max(7)
    .refine((list) => new Set(list).size === list.length, { error: 'Each unit once' })
    .optional(),
})
export type ServiceBody = z.infer<typeof ServiceBodySchema>

/** A service's card picture: a JPEG, PNG or WebP, checked by its bytes, as big as a request's photo. */
export const ServicePictureBodySchema = PhotoUploadSchema
export type ServicePictureBody = z.infer<typeof ServicePictureBodySchema>

export const referenceEndpoints = {
  towns: endpoint({
    method: 'GET',
    path: '/api/towns',
    access: 'public',
    tag: 'reference',
    summary: 'Every town, retired ones too (active: false), with the services each offers, in list order',
    response: TownsResponseSchema,
  }),
  services: endpoint({
    method: 'GET',
    path: '/api/services',
    access: 'public',
    tag: 'reference',
    summary: 'Every service, retired ones too (active: false), with its names and category, in list order',
    response: ServicesResponseSchema,
  }),
  servicePicture: endpoint({
    method: 'GET',
    path: '/api/services/:id/picture',
    access: 'public',
    tag: 'reference',
    summary: "A service's card picture (404 when it has none)",
    params: z.object({ id: IdParamSchema }),
    response: RequestPhotoSchema,
  }),
  servicePictureImage: endpoint({
    method: 'GET',
    path: '/api/services/:id/picture/image',
    access: 'public',
    tag: 'reference',
    summary: "A service's card picture as the image itself, for the catalog's card (404 when it has none)",
    params: z.object({ id: IdParamSchema }),
    response: ImageFileSchema,
  }),
  createTown: endpoint({
    method: 'POST',
    path: '/api/admin/towns',
    access: ['admin'],
    tag: 'reference',
    status: 201,
    summary: 'Add a town (409 when the English name is taken) and the services it offers',
    body: TownBodySchema,
    response: TownRowSchema,
  }),
  updateTown: endpoint({
    method: 'PUT',
    path: '/api/admin/towns/:id',
    access: ['admin'],
    tag: 'reference',
    summary: 'Rename, retire (active: false) or bring back a town, and set the services it offers',
    params: z.object({ id: IdParamSchema }),
    body: TownBodySchema,
    response: TownRowSchema,
  }),
  createService: endpoint({
    method: 'POST',
    path: '/api/admin/services',
    access: ['admin'],
    tag: 'reference',
    status: 201,
    summary: 'Add a service (409 when the English name is taken)',
    body: ServiceBodySchema,
    response: ServiceRowSchema,
  }),
  updateService: endpoint({
    method: 'PUT',
    path: '/api/admin/services/:id',
    access: ['admin'],
    tag: 'reference',
    summary: 'Rename, recategorise, retire (active: false) or bring back a service',
    params: z.object({ id: IdParamSchema }),
    body: ServiceBodySchema,
    response: ServiceRowSchema,
  }),
  setServicePicture: endpoint({
    method: 'PUT',
    path: '/api/admin/services/:id/picture',
    access: ['admin'],
    tag: 'reference',
    summary: "Set a service's card picture (415 when the bytes are not the image type said)",
    params: z.object({ id: IdParamSchema }),
    body: ServicePictureBodySchema,
    bodyLimit: SERVICE_REQUEST_BODY_LIMIT,
    response: ServiceRowSchema,
  }),
} as const
