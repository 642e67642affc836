import type { QueryClient } from '@tanstack/react-query'
import { defineOutboxKind } from '../../../lib/offline/outbox'
import { TASK_STATUS_DEPENDENTS, tasksKeys } from '../../../lib/query-keys'
import { updateStatus } from '../../../lib/shared-api/tasks'
import { JOB_OUTBOX_KIND, type JobAction, type JobQueueItem } from '../model/job-queue'
import { addTaskPhoto } from './add-task-photo'
import { startTask } from './start-task'

/**
 * How a worker's queued job actions are sent (issue 23), each with its outbox item's id as its
 * Idempotency-Key: a retry after a lost answer is applied once by the server. Loaded after My jobs is
 * drawn (job-queue.tsx), never in its first paint; defining the kind sends what waits from earlier.
 */

/** The query caches to refresh when an action went or was refused (the screen's, given by it). */
const caches = new Set<QueryClient>()
export function refreshOnSend(client: QueryClient): () => void {
  caches.add(client)
  return () => caches.delete(client)
}

/** Read again what the action changed (at most a few seconds' wait: a slow line must not hold the queue). */
function refresh(action: JobAction): Promise<unknown> {
  const reads: Promise<unknown>[] = []
  for (const client of caches) {
    for (const queryKey of TASK_STATUS_DEPENDENTS) reads.push(client.invalidateQueries({ queryKey }))
    if (action.do === 'photo') reads.push(client.invalidateQueries({ queryKey: tasksKeys.photos(action.taskId) }))
  }
  return Promise.race([Promise.allSettled(reads), new Promise((resolve) => setTimeout(resolve, 8_000))])
}

/** A photo's bytes as the API takes them (base64), from the Blob kept on the device. */
async function base64Of(blob: Blob): Promise<string> {
  const bytes = new Uint8Array(await blob.arrayBuffer())
  let binary = ''
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000))
  return btoa(binary)
}

/** A photo as base64 (the panel's shrunk JPEG) as a Blob: kept in IndexedDB at its size, not a third more. */
export function blobOf(photo: { type: string; data: string }): Blob {
  const binary = atob(photo.data)
  const bytes = new Uint8Array(binary.length)
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i)
  return new Blob([bytes], { type: photo.type })
}

/** Send one action with this key. */
export async function sendJobAction(action: JobAction, idempotencyKey: string): Promise<unknown> {
  switch (action.do) {
    case 'move':
      return updateStatus({ taskId: action.taskId, status: action.to, expectedStatus: action.from, idempotencyKey })
    case 'start':
      return startTask({
        taskId: action.taskId,
        start_code: action.code,
        expected_status: action.from,
        idempotencyKey,
      })
    case 'photo':
      return addTaskPhoto({
        taskId: action.taskId,
        photo: { type: action.photo.type as 'image/jpeg', data: await base64Of(action.photo) },
        idempotencyKey,
      })
    case 'cash': {
      const { recordCashReceived } = await import('./record-cash')
      return recordCashReceived({ taskId: action.taskId, amountPaise: action.amountPaise, idempotencyKey })
    }
  }
}

export const jobOutbox = defineOutboxKind<JobAction, unknown>(JOB_OUTBOX_KIND, {
  // Sent, then the jobs read again before the item leaves: the card goes from "Waiting to send" to the
  // server's new status without showing the old one in between.
  send: async (action, key) => {
    const answer = await sendJobAction(action, key)
    await refresh(action)
    return answer
  },
  onRefused: (item: JobQueueItem) => void refresh(item.payload),
})
