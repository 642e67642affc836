import {
  QUOTE_UNIT_WORDS_EN,
  type OrderUnit,
  type RequestPhoto,
  type ServiceBody,
  type ServicePictureBody,
  type ServiceRow,
  type ServicesResponse,
  type TownBody,
  type TownRow,
  type TownsResponse,
} from '@townworks/contract'
import type { DbOrTx } from '../../db/client'
import { AppError, invalidInput, notFound, pgErrorCode } from '../../shared/app-error'
import type { Ctx } from '../../shared/context'
import { imageBytes } from '../../shared/image'
import * as repository from './reference.repository'

// Towns and services as rows (decision 048). The public lists (cached until a row changes), the
// admin's writes (a duplicate English name is 409; nothing is ever deleted: retire with active:
// false), and the checks other modules make before new work names a town or a service.

export const TOWNS_READ = repository.TOWNS_READ
export const SERVICES_READ = repository.SERVICES_READ

export async function listTowns(ctx: Ctx): Promise<TownsResponse> {
  return { towns: await repository.listTowns(ctx.database.db) }
}

export async function listServices(ctx: Ctx): Promise<ServicesResponse> {
  return { services: await repository.listServices(ctx.database.db) }
}

const duplicate = (what: 'town' | 'service') =>
  new AppError('CONFLICT', `A ${what} with this name already exists`, {
    issues: [{ path: 'name', message: `A ${what} with this name already exists` }],
  })

/** Run an admin's write; a unique violation (two admins adding one name at once) is the same 409 as the check's. */
async function write<T>(ctx: Ctx, what: 'town' | 'service', work: (tx: DbOrTx) => Promise<T>): Promise<T> {
  try {
    return await ctx.database.db.transaction(work)
  } catch (error) {
    if (pgErrorCode(error) === '23505') throw duplicate(what)
    throw error
  }
}

function placeFields(body: { name: string; name_te: string; name_hi: string; active: boolean; sort_order: number }) {
  return {
    name: body.name,
    nameTe: body.name_te,
    nameHi: body.name_hi,
    active: body.active,
    sortOrder: body.sort_order,
  }
}

/** The ids of a town's services, each a known service: an unknown name is a 400 on `services`. */
async function serviceIdsOf(tx: DbOrTx, names: readonly string[]): Promise<number[]> {
  const found = await repository.servicesByName(tx, names)
  const unknown = names.filter((n) => !found.has(n))
  if (unknown.length > 0) throw invalidInput('services', `Unknown services: ${unknown.join(', ')}`)
  return names.map((n) => found.get(n)!.id)
}

async function saveTown(ctx: Ctx, id: number | undefined, body: TownBody): Promise<TownRow> {
  const savedId = await write(ctx, 'town', async (tx) => {
    if (id !== undefined && !(await repository.lockTown(tx, id))) throw notFound('Town')
    if (await repository.sameName(tx, 'town', body.name, id)) throw duplicate('town')
    const serviceIds = await serviceIdsOf(tx, body.services)
    const townId = id ?? (await repository.insertTown(tx, placeFields(body)))
    if (id !== undefined) await repository.updateTown(tx, id, placeFields(body))
    await repository.setTownServices(tx, townId, serviceIds)
    return townId
  })
  return (await repository.listTowns(ctx.database.db)).find((t) => t.id === savedId)!
}

export const createTown = (ctx: Ctx, body: TownBody) => saveTown(ctx, undefined, body)
export const updateTown = (ctx: Ctx, id: number, body: TownBody) => saveTown(ctx, id, body)

async function serviceRow(db: DbOrTx, id: number): Promise<ServiceRow> {
  return (await repository.listServices(db)).find((s) => s.id === id)!
}

async function saveService(ctx: Ctx, id: number | undefined, body: ServiceBody): Promise<ServiceRow> {
  // Left out: a new service is booked as a job (the column's default), an edit keeps its units.
  const fields = { ...placeFields(body), category: body.category, orderUnits: body.order_units }
  const savedId = await write(ctx, 'service', async (tx) => {
    if (id !== undefined && !(await repository.lockService(tx, id))) throw notFound('Service')
    if (await repository.sameName(tx, 'service', body.name, id)) throw duplicate('service')
    if (id === undefined) return repository.insertService(tx, fields)
    await repository.updateService(tx, id, fields)
    return id
  })
  return serviceRow(ctx.database.db, savedId)
}

export const createService = (ctx: Ctx, body: ServiceBody) => saveService(ctx, undefined, body)
export const updateService = (ctx: Ctx, id: number, body: ServiceBody) => saveService(ctx, id, body)

/** PUT /api/admin/services/{id}/picture: 413 over the size limit, 415 when the bytes are not the type said. */
export async function setServicePicture(ctx: Ctx, id: number, body: ServicePictureBody): Promise<ServiceRow> {
  const picture = imageBytes(body.type, body.data, 'data')
  await ctx.database.db.transaction(async (tx) => {
    if (!(await repository.lockService(tx, id))) throw notFound('Service')
    await repository.setServicePicture(tx, id, picture)
  })
  return serviceRow(ctx.database.db, id)
}

/** A service's card picture as its bytes and type, to send as the image itself. */
export async function getServicePictureImage(ctx: Ctx, id: number): Promise<{ type: string; bytes: Buffer }> {
  const picture = await repository.servicePicture(ctx.database.db, id)
  if (!picture) throw notFound('Picture')
  return { type: picture.type, bytes: Buffer.from(picture.bytes) }
}

export async function getServicePicture(ctx: Ctx, id: number): Promise<RequestPhoto> {
  const picture = await repository.servicePicture(ctx.database.db, id)
  if (!picture) throw notFound('Picture')
  return { type: picture.type, data: Buffer.from(picture.bytes).toString('base64') }
}

/**
 * The town and service a new request (or a new schedule without one) names, as ids: each must be a
 * row that is active, and the town must offer the service; otherwise a 400 on that field. History
 * is not checked here: answers read any row's name, retired or not.
 */
export async function placeForNewWork(
  tx: DbOrTx,
  names: { town: string; service: string },
  fields: { town: string; service: string } = { town: 'town', service: 'service' },
): Promise<{ townId: number; serviceId: number; orderUnits: OrderUnit[] }> {
  const service = await repository.serviceByName(tx, names.service)
  if (!service) throw invalidInput(fields.service, 'Choose a service from the list')
  if (!service.active) throw invalidInput(fields.service, 'This service is no longer offered')
  const town = await repository.townByName(tx, names.town)
  if (!town) throw invalidInput(fields.town, 'Choose a town from the list')
  if (!town.active) throw invalidInput(fields.town, 'This town is no longer served')
  if (!(await repository.townOffers(tx, town.id, service.id))) {
    throw invalidInput(fields.service, `This service is not offered in ${names.town}`)
  }
  return { townId: town.id, serviceId: service.id, orderUnits: service.orderUnits }
}

/**
 * The town and service a schedule without a request names, when it names them: each one named must
 * be an active row (and the town must offer the service when both are named); a 400 on that field
 * otherwise. What is not named stays undefined, for the worker's own to fill in.
 */
export async function namedPlaceForNewWork(
  tx: DbOrTx,
  names: { town?: string; service?: string },
): Promise<{ townId?: number; serviceId?: number }> {
  if (names.town !== undefined && names.service !== undefined) {
    return placeForNewWork(tx, { town: names.town, service: names.service })
  }
  if (names.service !== undefined) {
    const service = await repository.serviceByName(tx, names.service)
    if (!service) throw invalidInput('service', 'Choose a service from the list')
    if (!service.active) throw invalidInput('service', 'This service is no longer offered')
    return { serviceId: service.id }
  }
  if (names.town !== undefined) {
    const town = await repository.townByName(tx, names.town)
    if (!town) throw invalidInput('town', 'Choose a town from the list')
    if (!town.active) throw invalidInput('town', 'This town is no longer served')
    return { townId: town.id }
  }
  return {}
}

/**
 * The ids of a worker's town and services (and the units each service is ordered in, which a
 * supplier's price may be per: decision 069): known rows, and active unless the worker already has
 * them (`current`: an edit may keep a town or trade that was retired since); a 400 on the field
 * otherwise.
 */
export async function placesForWorker(
  tx: DbOrTx,
  names: { town: string; services: readonly string[] },
  current: { townId?: number; serviceIds: ReadonlySet<number> } = { serviceIds: new Set() },
): Promise<{ townId: number; serviceIds: Map<string, number>; orderUnits: Map<string, OrderUnit[]> }> {
  const town = await repository.townByName(tx, names.town)
  if (!town) throw invalidInput('town', 'Choose a town from the list')
  if (!town.active && town.id !== current.townId) throw invalidInput('town', 'This town is no longer served')
  const found = await repository.servicesByName(tx, names.services)
  const serviceIds = new Map<string, number>()
  const orderUnits = new Map<string, OrderUnit[]>()
  for (const [i, name] of names.services.entries()) {
    const service = found.get(name)
    if (!service) throw invalidInput(`services.${i}.service_name`, 'Choose a service from the list')
    if (!service.active && !current.serviceIds.has(service.id)) {
      throw invalidInput(`services.${i}.service_name`, 'This service is no longer offered')
    }
    serviceIds.set(name, service.id)
    orderUnits.set(name, service.orderUnits)
  }
  return { townId: town.id, serviceIds, orderUnits }
}

/** A service's English name by its id (any row, retired or not); undefined when there is none. */
export async function serviceName(db: DbOrTx, id: number): Promise<string | undefined> {
  return repository.serviceNameById(db, id)
}

/**
 * Why a unit does not fit a service ordered by quantity (decision 069), in English; null when it is
 * one of the service's `order_units`. `order`: a customer's order ("Sand Services is ordered in
 * tractor loads, cubic feet"; "Plumber is booked as a job, not by quantity"); `price`: a supplier's
 * price ("Sand Services is priced per tractor load or cubic foot"; "Plumber is priced per job").
 */
export function orderUnitProblem(
  service: string,
  orderUnits: readonly OrderUnit[],
  unit: OrderUnit,
  use: 'order' | 'price',
): string | null {
  if (orderUnits.includes(unit)) return null
  if (use === 'order') {
    if (orderUnits.length === 0) return `${service} is booked as a job, not by quantity`
    return `${service} is ordered in ${orderUnits.map((u) => QUOTE_UNIT_WORDS_EN[u][1]).join(', ')}`
  }
  if (orderUnits.length === 0) return `${service} is priced per job, not per ${QUOTE_UNIT_WORDS_EN[unit][0]}`
  return `${service} is priced per ${orderUnits.map((u) => QUOTE_UNIT_WORDS_EN[u][0]).join(' or ')}`
}
