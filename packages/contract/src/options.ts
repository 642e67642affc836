import { z } from 'zod'
import { LANGUAGES, ROLES, SERVICES, TOWNS } from './constants'

export { LANGUAGES, ROLES, SERVICES, TOWNS }
export type { Language, Role, Service, Town } from './constants'

export const TownSchema = z.enum(TOWNS)
export const ServiceSchema = z.enum(SERVICES)
export const RoleSchema = z.enum(ROLES)
export const LanguageSchema = z.enum(LANGUAGES)

export const CatalogCardSchema = z.object({
  slug: z.string(),
  title: z.string(),
  service: ServiceSchema,
})
export type CatalogCard = z.infer<typeof CatalogCardSchema>
