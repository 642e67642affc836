import type { ServiceRequestBody, ServiceRequestResponse } from '@townworks/contract'
import type { Language } from '@townworks/contract/constants'
import { defineOutboxKind, dismissOutboxItem, outboxItems, type OutboxItem } from '../../../lib/offline/outbox'
import { createServiceRequest } from '../api/create-service-request'
import { orderOf } from './material-order'
import { setQueuedRequestsHint } from './queued-hint'
import type { RequestFormOutput } from './request-form'

/**
 * A service request sent with no signal (issue 23): kept in the device's outbox (lib/offline/outbox.ts)
 * with the Idempotency-Key the form gave it, and sent when the network returns, so a request is stored
 * once however often it is tried. The item keeps what was typed (the form reopens with it after a
 * refusal) and, once accepted, the server's answer (the reference the customer is shown).
 *
 * Loaded with the request form, and after the first paint where a queued request may wait (home, the
 * catalog, My requests): never in a screen's first load (IndexedDB's code is not needed to paint).
 */

export const REQUEST_KIND = 'service-request'

export interface QueuedRequest {
  /** What was typed, as the form checked it (the photo too): the request is built from it when sent. */
  values: RequestFormOutput
  /** The language the person was reading: the request's messages follow it. */
  language: Language
}

export type QueuedRequestItem = OutboxItem<QueuedRequest, ServiceRequestResponse>

/** The request's body from the form's values, as the server takes it. */
export function requestBody(values: RequestFormOutput, language: Language): ServiceRequestBody {
  const body: ServiceRequestBody = {
    name: values.name,
    phone: values.phone,
    email: values.email,
    service: values.service,
    town: values.town,
    service_date: values.service_date,
    address: values.address,
    ...(values.landmark ? { landmark: values.landmark } : {}),
    ...(values.description ? { description: values.description } : {}),
    problems: values.problems as NonNullable<ServiceRequestBody['problems']>,
    time_window: values.time_window,
    ...(values.lat !== null && values.lng !== null ? { location: { lat: values.lat, lng: values.lng } } : {}),
    ...(values.preferred_worker ? { preferred_worker_id: values.preferred_worker.id } : {}),
    ...(values.photo ? { photo: { type: values.photo.type, data: values.photo.data } } : {}),
    language,
  }
  // A material's order (decision 069): only a material's form keeps one (the form's schema empties it for a job).
  const order = orderOf(values)
  return order ? { ...body, order } : body
}

/** Told when a queued request was accepted (My requests reads its list again). */
const sentListeners = new Set<() => void>()
export function onQueuedRequestSent(listener: () => void): () => void {
  sentListeners.add(listener)
  return () => sentListeners.delete(listener)
}

const requestOutbox = defineOutboxKind<QueuedRequest, ServiceRequestResponse>(REQUEST_KIND, {
  send: (payload, idempotencyKey) =>
    createServiceRequest({ body: requestBody(payload.values, payload.language), idempotencyKey }),
  // The customer is shown the reference (the form's confirmation, or a notice), then it goes.
  keepWhenSent: true,
  onSent: () => {
    for (const listener of sentListeners) listener()
  },
})

/**
 * Keep the request on this phone under its Idempotency-Key (`key`: the one the form's last try sent,
 * so a request that did reach the server is not stored twice) and send it when the network returns.
 */
export async function queueRequest(owner: string, key: string, payload: QueuedRequest): Promise<QueuedRequestItem> {
  setQueuedRequestsHint(true)
  return (await requestOutbox.add(owner, REQUEST_KIND, payload, key)) as QueuedRequestItem
}

/** The person saw the answer (or the refusal): the item leaves the outbox, and the hint when none is left. */
export async function dismissQueuedRequest(id: string): Promise<void> {
  await dismissOutboxItem(id)
  await forgetHintWhenEmpty()
}

/** No request of any person waits or waits to be seen: home and the catalog stop loading the outbox. */
export async function forgetHintWhenEmpty(): Promise<void> {
  const all = await outboxItems()
  if (!all.some((item) => item.kind === REQUEST_KIND)) setQueuedRequestsHint(false)
}
