import type { SendMessageBody, SendMessageResponse } from '@townworks/contract'
import { IDEMPOTENCY_KEY_HEADER } from '@townworks/contract/constants'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { api } from '../../../lib/api-client'
import { notificationsKeys } from '../../../lib/query-keys'

export interface SendMessageInput {
  body: SendMessageBody
  /** The same key for every attempt at the same message: the server queues it once. */
  idempotencyKey: string
}

/** POST /send-whatsapp (seed call 3): queue the typed message; answers its outbox id. */
export function sendMessage({ body, idempotencyKey }: SendMessageInput): Promise<SendMessageResponse> {
  return api.call('sendWhatsapp', {
    body,
    headers: { [IDEMPOTENCY_KEY_HEADER]: idempotencyKey },
  })
}

export function useSendMessage() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: sendMessage,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: notificationsKeys.all }),
  })
}
