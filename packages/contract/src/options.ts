import { z } from 'zod'
import { text } from './common'
import { INITIAL_SERVICES, INITIAL_TOWNS, LANGUAGES, ROLES } from './constants'
import { PLACE_NAME_MAX, SERVICE_CATEGORIES } from './places'

export { INITIAL_SERVICES, INITIAL_TOWNS, LANGUAGES, ROLES, SERVICE_CATEGORIES }
export type { InitialService, InitialTown, Language, Role, Service, Town } from './constants'
export type { ServiceCategory } from './places'
export { PLACE_NAME_MAX, placeName } from './places'

/**
 * A town or service on the wire: its English name, as the seed sends it. Towns and services are rows
 * (decision 048), so the contract bounds the text and the server checks it against the rows: an
 * unknown or retired name in a new request is a 400 naming the field; answers carry any row's name.
 */
export const TownSchema = text()
  .trim()
  .min(1, { error: 'Choose a town' })
  .max(PLACE_NAME_MAX, { error: 'Choose a town from the list' })
export const ServiceSchema = text()
  .trim()
  .min(1, { error: 'Choose a service' })
  .max(PLACE_NAME_MAX, { error: 'Choose a service from the list' })
export const RoleSchema = z.enum(ROLES)
export const LanguageSchema = z.enum(LANGUAGES)

export const CatalogCardSchema = z.object({
  slug: z.string(),
  title: z.string(),
  service: ServiceSchema,
})
export type CatalogCard = z.infer<typeof CatalogCardSchema>
